/**
 * One browser tab, driven the same way in every engine, so that one smoke test runs in
 * Firefox (Puppeteer over WebDriver BiDi) and WebKitGTK (classic WebDriver) alike. Input is
 * real input: clicks and key presses go through the browser's own event pipeline.
 */
export type Engine = 'firefox' | 'webkit';

export type Key = 'Enter' | 'Escape' | 'Tab' | 'ArrowDown' | 'ArrowUp';

export interface Tab {
  readonly engine: Engine;
  /** Opens a path of the site and waits for the load event. */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and returns its JSON result (awaited). */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  click(selector: string): Promise<void>;
  /** Focuses the field by a click and types `text` key by key. */
  type(selector: string, text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Sets the size of the page's viewport, scrollbars included, as a window of that size has. */
  resize(width: number, height: number): Promise<void>;
  /** Console errors and uncaught page errors seen so far. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}
