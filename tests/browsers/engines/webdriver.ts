import type { Key, Tab } from './tab.ts';

/** The W3C WebDriver key codes of the keys the tests press. */
const keyCodes: Record<Key, string> = {
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
};

const elementKey = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * Page errors in classic WebDriver: it has no console events, so the page gets a listener
 * after each load (errors before it runs go unseen; the tests assert what the page shows).
 */
function watchErrors(): void {
  const w = window as unknown as { smokeErrors?: string[] };
  if (w.smokeErrors) return;
  const seen: string[] = [];
  w.smokeErrors = seen;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
    original(...args);
  };
  window.addEventListener('error', (event) => seen.push(`pageerror: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => seen.push(`pageerror: ${String(event.reason)}`));
}

/** A thin classic-WebDriver client (one session, one tab) over fetch. */
export function webDriverTab(driverUrl: string, sessionId: string, baseURL: string): Tab {
  const earlier: string[] = [];
  const command = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${driverUrl}/session/${sessionId}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const { value } = (await response.json()) as { value: unknown };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(value)}`);
    return value;
  };
  const run = <R>(fn: (...args: never[]) => unknown, args: unknown[] = []) =>
    command('POST', '/execute/sync', {
      script: `return (${String(fn)}).apply(null, arguments)`,
      args,
    }) as Promise<R>;
  const element = async (selector: string) => {
    const found = (await command('POST', '/element', { using: 'css selector', value: selector })) as Record<
      string,
      string
    >;
    return found[elementKey] ?? '';
  };
  // Errors of the page about to be left are kept; the next page gets its own listener.
  const leaving = async () => {
    const seen = await run<string[] | null>(
      () => (window as never as { smokeErrors?: string[] }).smokeErrors ?? null,
    ).catch(() => null); // a blank or unloaded page has nothing to report
    earlier.push(...(seen ?? []));
  };
  const arrived = () => run(watchErrors);
  const keys = (key: Key) => [
    {
      type: 'key',
      id: 'keyboard',
      actions: [
        { type: 'keyDown', value: keyCodes[key] },
        { type: 'keyUp', value: keyCodes[key] },
      ],
    },
  ];
  return {
    engine: 'webkit',
    async goto(path) {
      await leaving();
      await command('POST', '/url', { url: new URL(path, baseURL).href });
      await arrived();
    },
    evaluate: (fn, ...args) => run(fn as never, args),
    async click(selector) {
      await leaving();
      await command('POST', `/element/${await element(selector)}/click`, {});
      await arrived();
    },
    async type(selector, text) {
      const id = await element(selector);
      await command('POST', `/element/${id}/click`, {});
      await command('POST', `/element/${id}/value`, { text });
    },
    async press(key) {
      await command('POST', '/actions', { actions: keys(key) });
    },
    async resize(width, height) {
      // The window rect includes the browser's frame, and the window manager applies a size a
      // moment after the command answers: a viewport read at once can still be the old one, and a
      // correction made from it sized the window wrong (a 1279 px request became 1790 px).
      // So: size it, wait until the viewport has settled, correct by the frame, until it fits.
      const viewport = () =>
        run<{ w: number; h: number }>(() => ({ w: window.innerWidth, h: window.innerHeight }));
      let rect = { width, height };
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const before = await viewport();
        await command('POST', '/window/rect', rect);
        let inner = before;
        for (let waited = 0; waited < 3_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const now = await viewport();
          const moved = now.w !== before.w || now.h !== before.h;
          const steady = now.w === inner.w && now.h === inner.h;
          inner = now;
          if (steady && (moved || waited >= 500)) break;
        }
        if (inner.w === width && inner.h === height) return;
        // A window at its smallest (WebKitGTK's is wider than 320 px) gets no closer: leave it there.
        if (attempt > 0 && inner.w === before.w && inner.h === before.h) return;
        rect = {
          width: Math.max(100, rect.width + width - inner.w),
          height: Math.max(100, rect.height + height - inner.h),
        };
      }
    },
    async errors() {
      const now = await run<string[] | null>(
        () => (window as never as { smokeErrors?: string[] }).smokeErrors ?? null,
      );
      return [...earlier, ...(now ?? [])];
    },
    close: async () => {
      await command('DELETE', '');
    },
  };
}
