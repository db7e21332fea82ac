import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * The virtual screen reader (@guidepup/virtual-screen-reader) listening to a page.
 *
 * Its browser build is an ES module; it is turned into a plain script and evaluated through
 * the DevTools protocol (`page.evaluate`) rather than added as a `<script>`: the site's CSP
 * refuses inline scripts (hence `bypassCSP` on the context, for the library's own `eval`), and
 * in a context with `javaScriptEnabled: false` a script tag never runs, while an evaluation
 * does. So the page with scripts off is read as the browser shows it (its own scripts never
 * run), like an assistive technology outside the page would.
 *
 * A page load drops it: `start` again after every navigation.
 */
const bundle = readFileSync(
  createRequire(import.meta.url).resolve('@guidepup/virtual-screen-reader/browser.js'),
  'utf8',
);

function asClassicScript(module: string): string {
  const exported = /export\s*\{([^}]*)\}\s*;?/.exec(module);
  const binding = exported?.[1]
    ?.split(',')
    .map((name) => name.trim().split(/\s+as\s+/))
    .find(([, as]) => as === 'virtual')?.[0];
  if (!exported || !binding) throw new Error('the virtual screen reader no longer exports `virtual`');
  const [before, after] = [
    module.slice(0, exported.index),
    module.slice(exported.index + exported[0].length),
  ];
  return `${before};globalThis.__screenReader = ${binding};${after}`;
}

const script = asClassicScript(bundle);

/** What the tests call on the library inside the page. */
interface Virtual {
  start(options: { container: Node }): Promise<void>;
  stop(): Promise<void>;
  next(): Promise<void>;
  perform(command: string): Promise<void>;
  commands: Record<string, string>;
  lastSpokenPhrase(): Promise<string>;
  spokenPhraseLog(): Promise<string[]>;
  clearSpokenPhraseLog(): Promise<void>;
}
type WithReader = typeof globalThis & { __screenReader: Virtual; __mirrorCheckedness: () => void };

/** A screen reader on `page`: what it says when focus moves or a live region changes, and reading with its cursor. */
export class ScreenReader {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Starts listening to the whole page (again after a page load), with an empty log. */
  async start(): Promise<void> {
    await this.page.evaluate((source) => {
      if ('__screenReader' in globalThis) return;
      (0, eval)(source);
      // The library takes a radio's or checkbox's state from its `checked` attribute, which is
      // only the initial state; a browser tells the live one. Before the reader looks (a focus
      // move, a click, a key), the attribute is set to the live state.
      const mirror = () => {
        for (const input of document.querySelectorAll<HTMLInputElement>(
          'input[type=radio], input[type=checkbox]',
        )) {
          if (input.hasAttribute('checked') !== input.checked)
            input.toggleAttribute('checked', input.checked);
        }
      };
      for (const type of ['focusin', 'click', 'change', 'keydown', 'keyup']) {
        window.addEventListener(type, mirror, { capture: true });
      }
      Object.assign(globalThis, { __mirrorCheckedness: mirror });
    }, script);
    await this.page.evaluate(() =>
      (globalThis as WithReader).__screenReader.start({ container: document.body }),
    );
  }

  async stop(): Promise<void> {
    await this.page.evaluate(() => (globalThis as WithReader).__screenReader.stop());
  }

  /**
   * Everything said since the last call, once the page has been quiet for a moment (a focus
   * move or a live region may follow a key press by a render); the log starts empty again.
   */
  async heard(): Promise<string[]> {
    const count = () =>
      this.page.evaluate(
        async () => (await (globalThis as WithReader).__screenReader.spokenPhraseLog()).length,
      );
    for (let last = -1, now = await count(); now !== last; last = now, now = await count()) {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return this.page.evaluate(async () => {
      const reader = (globalThis as WithReader).__screenReader;
      const log = await reader.spokenPhraseLog();
      await reader.clearSpokenPhraseLog();
      return log;
    });
  }

  /**
   * Moves the reading cursor to the page's main landmark and reads on, item by item (as with
   * the down arrow), until `end of main` or a phrase matching `until`; returns what was heard,
   * the page's title first, as a screen reader announces it when a page loads.
   */
  async readMain(until = /^end of main$/): Promise<string[]> {
    // From the top of the page, wherever the cursor was.
    await this.stop();
    await this.start();
    const said = await this.page.evaluate(
      async ({ source, flags }) => {
        const reader = (globalThis as WithReader).__screenReader;
        const end = new RegExp(source, flags);
        (globalThis as WithReader).__mirrorCheckedness();
        await reader.perform(reader.commands['moveToNextMain'] ?? 'moveToNextMain');
        for (let step = 0; step < 2000 && !end.test(await reader.lastSpokenPhrase()); step++) {
          await reader.next();
        }
        return reader.spokenPhraseLog();
      },
      { source: until.source, flags: until.flags },
    );
    await this.heard();
    return [`title: ${await this.page.title()}`, ...said];
  }

  /** Reads on from where the cursor is until a phrase matches `until` (included). */
  async readUntil(until: RegExp, limit = 400): Promise<string[]> {
    await this.heard();
    await this.page.evaluate(
      async ({ source, flags, limit }) => {
        const reader = (globalThis as WithReader).__screenReader;
        (globalThis as WithReader).__mirrorCheckedness();
        const end = new RegExp(source, flags);
        for (let step = 0; step < limit; step++) {
          await reader.next();
          if (end.test(await reader.lastSpokenPhrase())) return;
        }
      },
      { source: until.source, flags: until.flags, limit },
    );
    return this.heard();
  }
}
