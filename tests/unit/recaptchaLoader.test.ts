import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserHumanCheck } from '../../src/islands/humanCheck/index.ts';
import { executeRecaptcha, loadRecaptcha } from '../../src/islands/humanCheck/recaptcha.ts';

/** Just enough of a DOM for the loader: elements with events, a head, lookup by id. */
class FakeElement {
  id = '';
  src = '';
  async = false;
  defer = false;
  dataset: Record<string, string> = {};
  readonly tagName: string;
  private listeners: Record<string, (() => void)[]> = {};
  constructor(tagName: string) {
    this.tagName = tagName;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  fire(type: 'load' | 'error') {
    for (const listener of this.listeners[type] ?? []) listener();
  }
}

class FakeStyleSheet {
  text = '';
  replaceSync(text: string) {
    this.text = text;
  }
}

function fakeDocument() {
  const head: FakeElement[] = [];
  return {
    head: { appendChild: (element: FakeElement) => head.push(element) },
    createElement: (tagName: string) => new FakeElement(tagName),
    getElementById: (id: string) => head.find((element) => element.id === id) ?? null,
    adoptedStyleSheets: [] as FakeStyleSheet[],
    inserted: head,
  };
}

describe('the reCAPTCHA loader', () => {
  let doc: ReturnType<typeof fakeDocument>;
  let warnings: unknown[];
  const grecaptcha = {
    ready: (callback: () => void) => callback(),
    execute: vi.fn(() => Promise.resolve('google-token')),
  };

  beforeEach(() => {
    doc = fakeDocument();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('CSSStyleSheet', FakeStyleSheet);
    warnings = [];
    vi.spyOn(console, 'warn').mockImplementation((warning: unknown) => void warnings.push(warning));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('inserts the script once, with its id, key, language and the inline badge, and hides the badge', async () => {
    const loaded = loadRecaptcha({ siteKey: 'site-key', language: 'cs' });
    const again = loadRecaptcha({ siteKey: 'site-key', language: 'cs' });
    expect(doc.inserted).toHaveLength(1);
    const script = doc.inserted[0]!;
    expect(script).toMatchObject({ tagName: 'script', id: 'google-recaptcha-v3', async: true, defer: true });
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key&hl=cs&badge=inline');
    expect(doc.adoptedStyleSheets.map((sheet) => sheet.text)).toEqual([
      '.grecaptcha-badge { visibility: hidden; }',
    ]);
    vi.stubGlobal('grecaptcha', grecaptcha);
    script.fire('load');
    expect(await Promise.all([loaded, again])).toEqual([true, true]);
    expect(warnings).toEqual([]);
  });

  it('warns and inserts nothing without a site key', async () => {
    expect(await loadRecaptcha({ siteKey: '' })).toBe(false);
    expect(doc.inserted).toHaveLength(0);
    expect(warnings).toEqual([expect.objectContaining({ code: 'recaptchaKeyMissing' })]);
  });

  it('warns when the script fails to load, or loads without grecaptcha', async () => {
    const failed = loadRecaptcha({ siteKey: 'site-key' });
    doc.inserted[0]!.fire('error');
    expect(await failed).toBe(false);
    doc.inserted.length = 0;
    const unavailable = loadRecaptcha({ siteKey: 'site-key' });
    doc.inserted[0]!.fire('load');
    expect(await unavailable).toBe(false);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'recaptchaScriptLoadFailed' }),
      expect.objectContaining({ code: 'recaptchaUnavailable' }),
    ]);
    expect(() => executeRecaptcha('createDormant')).toThrow(/has not loaded/);
  });

  it('throws when a check runs before the script has loaded, then resolves the token with the action', async () => {
    expect(() => executeRecaptcha('createDormant')).toThrow(/has not loaded/);
    const loaded = loadRecaptcha({ siteKey: 'site-key' });
    expect(() => executeRecaptcha('createDormant')).toThrow(/has not loaded/);
    vi.stubGlobal('grecaptcha', grecaptcha);
    doc.inserted[0]!.fire('load');
    await loaded;
    expect(await executeRecaptcha('downloadLabel')).toBe('google-token');
    expect(grecaptcha.execute).toHaveBeenLastCalledWith('site-key', { action: 'downloadLabel' });
  });

  it('gives the browser human check a token once the script is there', async () => {
    const check = createBrowserHumanCheck({ provider: 'recaptcha', siteKey: 'site-key', language: 'en' });
    check.prepare();
    const token = check.token('createDormant');
    vi.stubGlobal('grecaptcha', grecaptcha);
    doc.inserted[0]!.fire('load');
    expect(await token).toBe('google-token');
    expect(doc.inserted).toHaveLength(1);
    expect(grecaptcha.execute).toHaveBeenLastCalledWith('site-key', { action: 'createDormant' });
  });
});
