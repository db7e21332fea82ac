import type { HumanCheckAction } from '../../lib/humanCheck.ts';

/**
 * The reCAPTCHA v3 loader of spec §7 and §8. Its state lives on the script element
 * (`data-state`: loading, ready or failed; `data-site-key`), so a second island or a
 * second call finds the same script instead of inserting another.
 */
export const recaptchaScriptId = 'google-recaptcha-v3';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

const grecaptcha = () => (globalThis as { grecaptcha?: Grecaptcha }).grecaptcha;
const script = () => document.getElementById(recaptchaScriptId) as HTMLScriptElement | null;

/** Spec §8: the loader's problems are structured console warnings, not errors. */
function warn(code: string, message: string): void {
  console.warn({ code, message });
}

/**
 * The badge is invisible by default (spec §7). `badge=inline` keeps Google's badge out of
 * the fixed bottom-right corner, and this rule hides it with `visibility: hidden`, which
 * Google allows (`display: none` would stop v3 scoring) as long as the page shows its
 * reCAPTCHA notice. A constructed stylesheet is not subject to the page CSP's style hashes.
 */
function hideBadge(): void {
  if (typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('.grecaptcha-badge { visibility: hidden; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function insertScript(siteKey: string, language: string | undefined): HTMLScriptElement {
  const element = document.createElement('script');
  element.id = recaptchaScriptId;
  element.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}${language ? `&hl=${encodeURIComponent(language)}` : ''}&badge=inline`;
  element.async = true;
  element.defer = true;
  element.dataset['siteKey'] = siteKey;
  element.dataset['state'] = 'loading';
  element.addEventListener('load', () => {
    element.dataset['state'] = grecaptcha() ? 'ready' : 'failed';
    if (!grecaptcha())
      warn('recaptchaUnavailable', 'The reCAPTCHA script loaded but grecaptcha is unavailable.');
  });
  element.addEventListener('error', () => {
    element.dataset['state'] = 'failed';
    warn('recaptchaScriptLoadFailed', 'The reCAPTCHA script failed to load.');
  });
  hideBadge();
  document.head.appendChild(element);
  return element;
}

/** Inserts the reCAPTCHA script once; resolves true when a check can run, false when it never will. */
export function loadRecaptcha(options: {
  siteKey: string | undefined;
  language?: string | undefined;
}): Promise<boolean> {
  if (!options.siteKey) {
    warn('recaptchaKeyMissing', 'The reCAPTCHA site key is missing; the script was not loaded.');
    return Promise.resolve(false);
  }
  const element = script() ?? insertScript(options.siteKey, options.language);
  if (element.dataset['state'] !== 'loading') return Promise.resolve(element.dataset['state'] === 'ready');
  return new Promise((resolve) => {
    element.addEventListener('load', () => resolve(element.dataset['state'] === 'ready'));
    element.addEventListener('error', () => resolve(false));
  });
}

/** A token for `action`; throws (synchronously, spec §8) when the script has not loaded yet. */
export function executeRecaptcha(action: HumanCheckAction): Promise<string> {
  const element = script();
  const api = grecaptcha();
  const siteKey = element?.dataset['siteKey'];
  if (element?.dataset['state'] !== 'ready' || !api || !siteKey) {
    throw new Error('reCAPTCHA has not loaded: await loadRecaptcha() before running a check.');
  }
  return new Promise((resolve, reject) =>
    api.ready(() => void api.execute(siteKey, { action }).then(resolve, reject)),
  );
}
