import type { ClientDirective } from 'astro';

/** What makes an island hydrate before the sender reaches for it: the page was left half-way. */
export interface IntentOptions {
  /** sessionStorage keys whose presence means the island has state to show at once (a draft to put back). */
  session?: readonly string[];
}

/** The signs of a sender reaching for the island: a press, a key, a focus, typing, autofill, a mouse. */
const intentEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'pointerover'];
/** How long the keys must rest before the island takes over: a pause between words or fields. */
const pauseMs = 300;

function leftHalfWay({ session = [] }: IntentOptions): boolean {
  try {
    return session.some((key) => sessionStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/**
 * `client:intent`: hydrates an island when the sender first reaches for it, not with the page.
 * The form works as plain HTML from its first paint on (decision 015), so a visit that only reads
 * the page, or a phone still loading, spends nothing on it. It hydrates at once when its page was
 * left half-way (a draft to put back) or already holds the focus.
 *
 * Its modules are fetched at the first sign (`modulepreload`: fetched and compiled, not run) and
 * run once the sender's keys have rested for a pause from then on, so a key never waits for them.
 */
const intent: ClientDirective = (load, options, island) => {
  const signs = new AbortController();
  let lastKey = 0;
  const keys = (event: Event) => {
    if (event.type === 'keydown' || event.type === 'input') lastKey = performance.now();
  };
  island.addEventListener('keydown', keys, { capture: true, passive: true });
  island.addEventListener('input', keys, { capture: true, passive: true });
  const pause = async () => {
    while (performance.now() - lastKey < pauseMs)
      await new Promise((rest) => setTimeout(rest, pauseMs - (performance.now() - lastKey)));
  };
  const hydrate = async (sign = true) => {
    signs.abort();
    // A sign (a focus, a press) is a sender about to type: the pause is counted from it.
    if (sign) lastKey = performance.now();
    for (const name of ['component-url', 'renderer-url']) {
      const href = island.getAttribute(name);
      if (href)
        document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
    await pause();
    const run = await load();
    // The modules may arrive after the sender typed on: the takeover waits for the next pause.
    await pause();
    island.removeEventListener('keydown', keys, true);
    island.removeEventListener('input', keys, true);
    await run();
  };
  if (
    leftHalfWay((options.value as IntentOptions | undefined) ?? {}) ||
    island.contains(document.activeElement)
  ) {
    void hydrate(false);
    return;
  }
  const onSign = (event: Event) => {
    // A touch's emulated hover is no sign of its own: its press comes right after.
    if (event.type !== 'pointerover' || (event as PointerEvent).pointerType === 'mouse') void hydrate();
  };
  for (const type of intentEvents)
    island.addEventListener(type, onSign, { capture: true, passive: true, signal: signs.signal });
};

export default intent;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the sender first reaches for the island, or at once when its page was left half-way (this file). */
    'client:intent'?: IntentOptions | true;
  }
}
