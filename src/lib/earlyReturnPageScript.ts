import { transformSync } from 'esbuild';
import type { ReturnAddress, ReturnPage } from './contract.ts';
import { bearerKey, earlyReturnPageKey, type EarlyReturnPage } from './earlyReturnPage.ts';
import { homeCountry } from './rules.ts';
import { siteApi } from './siteApi.ts';

/** What the inline script is told: its names and the one rule it applies. */
interface EarlySettings {
  key: string;
  bearerKey: string;
  endpoint: string;
  homeCountry: string;
}

/**
 * Runs in the browser as an inline script, serialized with `toString`, so it uses nothing from
 * outside its own body. Right after the first contentful paint it asks for the return page of the link's
 * token and, once the answer is in, draws the recipient into the island's empty recipient slot with
 * the same markup and rule as the island (spec §4: senders abroad return to the ReturnConnect
 * address when there is one), again whenever the native country list changes. Anything that
 * fails here only leaves the slot empty: the island draws the recipient when it hydrates.
 */
function startEarlyReturnPage(settings: EarlySettings): void {
  try {
    const token = (new URLSearchParams(location.search).get('token') ?? '').replaceAll(' ', '+').trim();
    if (!token) return;
    const url = `${settings.endpoint}?token=${encodeURIComponent(token)}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': document.documentElement.lang,
    };
    let bearer: string | null = null;
    try {
      bearer = sessionStorage.getItem(settings.bearerKey);
    } catch {
      // Storage can be blocked; the request goes without a session then.
    }
    if (bearer) headers['Authorization'] = `Bearer ${bearer}`;
    const store = window as unknown as Record<string, EarlyReturnPage | null | undefined>;

    const draw = async (page: Promise<ReturnPage | undefined>) => {
      const addresses = (await page)?.returnAddresses;
      const slot = document.querySelector('.recipient__early');
      const select = document.querySelector<HTMLSelectElement>('select#country');
      if (!addresses?.length || !slot || !select) return;
      const connect = addresses.find((a) => a.addressType === 'ReturnConnect');
      const address: ReturnAddress | undefined =
        select.value !== settings.homeCountry && connect
          ? connect
          : (addresses.find((a) => a.addressType === 'Default') ?? addresses[0]);
      if (!address) return;
      const option = Array.from(select.options).find((o) => o.value === address.country);
      const block = document.createElement('address');
      block.className = 'recipient__address';
      const name = document.createElement('strong');
      name.textContent = address.name;
      const lines = [address.street, `${address.zipCode} ${address.city}`, option?.text ?? address.country];
      block.append(name, ...lines.flatMap((line) => [document.createElement('br'), line]));
      slot.replaceChildren(block);
    };

    const start = () => {
      // The island asked for itself already (a tab opened in the background paints late).
      if (store[settings.key] === null) return;
      const answer = fetch(url, { headers });
      store[settings.key] = { url, response: answer.then((response) => response.clone()) };
      const page: Promise<ReturnPage | undefined> = answer
        .then((response) => (response.ok ? (response.json() as Promise<ReturnPage>) : undefined))
        .catch(() => undefined);
      const parsed = () => {
        void draw(page);
        document.querySelector('select#country')?.addEventListener('change', () => void draw(page));
      };
      // Browsers without render-blocking `expect` links may paint before the form is parsed.
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
      else parsed();
    };
    // Once the browser reports the first contentful paint: the page's own bytes and first frame
    // come first, even on a machine fast enough to run a timer before that frame is on screen.
    // Without paint timing, right after the first frame.
    if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
      const observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        start();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(start, 0));
    }
  } catch {
    // An old browser or a blocked API: the island does the same work when it hydrates.
  }
}

/**
 * The inline script's source, minified (every page view carries it); the page adds its hash to
 * its Content-Security-Policy.
 */
export const earlyReturnPageScript = transformSync(
  `(${startEarlyReturnPage.toString()})(${JSON.stringify({
    key: earlyReturnPageKey,
    bearerKey,
    endpoint: siteApi.returnPage,
    homeCountry,
  } satisfies EarlySettings)});`,
  { minify: true, target: 'es2022' },
).code.trim();
