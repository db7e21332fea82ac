import type { ClientDirective } from 'astro';

/** What makes an island hydrate before the sender reaches for it: the page was left half-way. */
export interface IntentOptions {
  /** Query parameters whose presence means the island has state to show at once. */
  query?: readonly string[];
  /** sessionStorage keys whose presence means the same (a draft to put back). */
  session?: readonly string[];
}

/** The events that say a sender is reaching for the island: a press, a key, a focus, typing, autofill. */
const intentEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change'] as const;
/** The events of typing, which the island never interrupts. */
const typingEvents = ['keydown', 'input'] as const;
/** How long the keys must rest before the island takes over: a pause between words or fields. */
const pauseMs = 300;
const listening = { capture: true, passive: true } as const;

/** How long one module's fetch may take before the island stops waiting for it. */
const fetchLimitMs = 10_000;
/** A static import in a built module: `from"./x.js"` or `import"./x.js"`; `import("./x.js")` is left to load later. */
const staticImport = /\b(?:from|import)\s*["']([^"']+\.js)["']/g;

/**
 * Fetches an island's modules and every module they import, into the browser's cache, without
 * running them: running them (React's above all) is a long task, which waits for a pause in the
 * sender's typing. A module that fails here is fetched again by the import that runs it.
 */
async function fetchModules(url: string, seen = new Set<string>()): Promise<void> {
  if (seen.has(url)) return;
  seen.add(url);
  try {
    // Bounded: a fetch that stalls must not hold the takeover; the import then fetches on its own.
    const code = await (await fetch(url, { signal: AbortSignal.timeout(fetchLimitMs) })).text();
    const imports = Array.from(code.matchAll(staticImport), (match) => new URL(match[1] ?? '', url).href);
    await Promise.all(imports.map((each) => fetchModules(each, seen)));
  } catch {
    // Offline for a moment, or the file is gone: the import says so when it runs.
  }
}

function leftHalfWay({ query = [], session = [] }: IntentOptions): boolean {
  const params = new URL(window.location.href).searchParams;
  if (query.some((name) => params.has(name))) return true;
  try {
    return session.some((key) => sessionStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/**
 * `client:intent`: hydrates an island when the sender first reaches for it (a press, a key, a
 * focus or typing inside it, a mouse over it), not with the page. The form works as plain HTML
 * from its first paint on (decision 015), so the island is an enhancement that can wait for a
 * sender; a visit that only reads the page, or a phone still loading, spends nothing on it. The
 * island hydrates at once when its page was left half-way (`IntentOptions`: a return to resume,
 * a draft to put back) or when it already holds the focus (a sender who tabbed in early).
 *
 * Its code is fetched at the first sign and run in the first pause of the sender's typing, when
 * it takes the page over (and keeps a text field's events from React until it has taken that
 * field over, `takenOver.ts`), so a key never waits for the island's code.
 */
const intent: ClientDirective = (load, options, island) => {
  let started = false;
  let lastKey = 0;
  const onKey = () => {
    lastKey = performance.now();
  };
  const typingPause = () =>
    new Promise<void>((resolve) => {
      const wait = () => {
        const rest = performance.now() - lastKey;
        if (rest >= pauseMs) resolve();
        else setTimeout(wait, pauseMs - rest);
      };
      wait();
    });
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of intentEvents) island.removeEventListener(type, hydrate, true);
    island.removeEventListener('pointerover', onPointerOver, true);
    const modules = ['component-url', 'renderer-url'].map((name) => island.getAttribute(name));
    await Promise.all(modules.map((url) => url && fetchModules(new URL(url, document.baseURI).href)));
    await typingPause();
    for (const type of typingEvents) island.removeEventListener(type, onKey, true);
    const hydrator = await load();
    await hydrator();
  };
  // A mouse over the form is a desktop sender about to use it; a touch's emulated hover is not
  // needed, its press comes right after.
  const onPointerOver = (event: Event) => {
    if ((event as PointerEvent).pointerType === 'mouse') void hydrate();
  };
  for (const type of typingEvents) island.addEventListener(type, onKey, listening);
  const value = (options.value ?? {}) as IntentOptions;
  if (leftHalfWay(value) || island.contains(document.activeElement)) {
    void hydrate();
  } else {
    for (const type of intentEvents) island.addEventListener(type, hydrate, listening);
    island.addEventListener('pointerover', onPointerOver, listening);
  }
};

export default intent;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the sender first reaches for the island, or at once when its page was left half-way (this file). */
    'client:intent'?: IntentOptions | true;
  }
}
