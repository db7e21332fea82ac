import { DurableObject } from 'cloudflare:workers';

/** What one key holds, with the moment it expires. */
interface Held {
  text: string;
  expiresAt: number;
}

/**
 * One key of what the site must share exactly at the edge (the edge build only, decision 029):
 * an idempotency key with its in-flight mark or outcome, a spent human-check token, or a rate
 * limit's counter. Each key is an object of its own (`idFromName`), and an object handles one
 * call at a time, so a claim is atomic across every isolate of the worker, as Redis's SET NX is
 * across Node instances. What it holds is dropped when it expires (an alarm).
 */
export class SharedKey extends DurableObject {
  async #live(): Promise<Held | undefined> {
    const held = await this.ctx.storage.get<Held>('held');
    return held && held.expiresAt > Date.now() ? held : undefined;
  }

  async #hold(text: string, ttlMs: number): Promise<void> {
    const expiresAt = Date.now() + ttlMs;
    await this.ctx.storage.put('held', { text, expiresAt });
    await this.ctx.storage.setAlarm(expiresAt);
  }

  /** Holds `text` when nothing live is held, or exactly `over`; else answers what is. */
  async claim(text: string, ttlMs: number, over?: string): Promise<string | null> {
    const held = await this.#live();
    if (held && !(over !== undefined && held.text === over)) return held.text;
    await this.#hold(text, ttlMs);
    return null;
  }

  /** Holds `text`, whatever was held. */
  async put(text: string, ttlMs: number): Promise<void> {
    await this.#hold(text, ttlMs);
  }

  /** Drops what is held if it is still `text` (a later owner's mark stays). */
  async release(text: string): Promise<void> {
    if ((await this.#live())?.text === text) await this.ctx.storage.deleteAll();
  }

  /**
   * Counts one request in a window of `durationMs` that takes `points`: 0 while within it, else
   * the milliseconds until the window ends.
   */
  async consume(points: number, durationMs: number): Promise<number> {
    const held = await this.#live();
    const window = held ? (JSON.parse(held.text) as { count: number }) : { count: 0 };
    const expiresAt = held?.expiresAt ?? Date.now() + durationMs;
    window.count += 1;
    await this.ctx.storage.put('held', { text: JSON.stringify(window), expiresAt });
    if (!held) await this.ctx.storage.setAlarm(expiresAt);
    return window.count > points ? expiresAt - Date.now() : 0;
  }

  override async alarm(): Promise<void> {
    if (!(await this.#live())) await this.ctx.storage.deleteAll();
  }
}
