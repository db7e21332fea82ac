import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { formOf, formTexts, formUrl, hydratedForm, locales, tokens } from './formHelpers.ts';
import { startLoggedServer } from './loggedServer.ts';
import { fillContact, texts } from './successHelpers.ts';

/**
 * The window between the first paint and the island taking over, made as long as a test
 * wants: the island's scripts are held back until released. Nothing the sender does in it
 * may be lost, sent twice, or put personal data in a URL or a log line.
 */
function holdScripts(page: Page): () => Promise<void> {
  const held: Route[] = [];
  let released = false;
  void page.route(/\/_astro\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

const t = formTexts.en;
const email = () => `early-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('before the island takes over', () => {
  test('Send pressed twice creates exactly one return; no URL and no log line holds the name or e-mail @desktop', async ({
    page,
  }) => {
    const server = await startLoggedServer();
    try {
      const urls: string[] = [];
      page.on('request', (request) => urls.push(decodeURIComponent(request.url())));
      const release = holdScripts(page);
      const name = `Early Sender ${Math.random().toString(36).slice(2, 7)}`;
      const address = email();
      await page.goto(`${server.url}/en/returns?token=${tokens.noDriver}`);
      const f = formOf(page, t);
      await f.labelPrint.check();
      await fillContact(page, texts.en, { name, email: address });
      await f.submit.dblclick();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Done, your return is created' }),
      ).toBeVisible();
      await release();
      expect(server.returnsFor(address)).toBe(1);
      expect(urls.filter((url) => url.includes(name) || url.includes(address))).toEqual([]);
      const lines = server.log().split('\n');
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.filter((line) => line.includes(name) || line.includes(address))).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  test('what the sender typed and chose stays over a stored draft @desktop', async ({ page }) => {
    await page.goto(`/en/returns?token=${tokens.driver}`);
    // A draft of the same link from an earlier visit, which must not win over what is typed now.
    await page.evaluate(
      (token) =>
        sessionStorage.setItem(
          `returns.draft.${token}`,
          JSON.stringify({ name: 'Old Draft', country: 'CZ' }),
        ),
      tokens.driver,
    );
    const release = holdScripts(page);
    await page.reload();
    const f = formOf(page, t);
    await f.countryNative.selectOption('SK');
    await f.labelPrint.check();
    await f.name.fill('Typed Early');
    await f.street.fill('kumbers');
    await release();
    await expect(hydratedForm(page)).toHaveCount(1);
    await expect(f.name).toHaveValue('Typed Early');
    await expect(f.street).toHaveValue('kumbers');
    await expect(f.labelPrint).toBeChecked();
    await expect(f.countrySection).toContainText(t.slovakia);
  });

  test('suggestions start for a street typed before the island took over @desktop', async ({ page }) => {
    const release = holdScripts(page);
    await page.goto(`/en/returns?token=${tokens.driver}`);
    const f = formOf(page, t);
    await f.street.fill('kumbers');
    await expect(f.street).toBeFocused();
    await release();
    await expect(f.suggestions).toBeVisible();
    await expect(f.street).toHaveValue('kumbers');
  });

  test('the recipient is in the page the server sends, follows the country at takeover, and nothing asks for it again', async ({
    page,
  }) => {
    const release = holdScripts(page);
    const returnPageCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/return-page')) returnPageCalls.push(request.url());
    });
    await page.goto(`/en/returns?token=${tokens.connect}`);
    const f = formOf(page, t);
    // In the server's markup, while the island's scripts are held back.
    await expect(f.recipient.locator('address')).toHaveText(
      'Móda Europe a.s.Kumberská 12/131800 PlzeňCzechia',
    );
    await f.countryNative.selectOption('SK');
    expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
    await release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    // Senders abroad return to the ReturnConnect address (spec §4), as chosen before takeover.
    await expect(f.countrySection).toContainText(t.slovakia);
    await expect(f.recipient.locator('address')).toHaveText(
      'Móda Europe – ReturnConnect hubUlica Hraničná 782105 BratislavaSlovakia',
    );
    expect(returnPageCalls).toEqual([]);
  });
});

for (const locale of locales) {
  const lt = formTexts[locale];
  test.describe(`driver pickup chosen before the island takes over (${locale})`, () => {
    test('asks for the paid-service confirmation at takeover; Cancel keeps the pick-up point @desktop', async ({
      page,
    }) => {
      const release = holdScripts(page);
      await page.goto(formUrl(locale, tokens.driver));
      const f = formOf(page, lt);
      await f.driver.check();
      await release();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(lt.paidText);
      await dialog.getByRole('button', { name: lt.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(f.pickup).toBeChecked();
      await expect(f.driver).not.toBeChecked();
    });

    test('Confirm keeps it, and a language switch right after keeps it too @desktop', async ({ page }) => {
      const release = holdScripts(page);
      await page.goto(formUrl(locale, tokens.driver));
      const f = formOf(page, lt);
      await f.labelPrint.check();
      await f.driver.check();
      await release();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: lt.confirm }).click();
      await expect(f.driver).toBeChecked();
      const other = formTexts[locale === 'cs' ? 'en' : 'cs'];
      await page.goto(formUrl(locale === 'cs' ? 'en' : 'cs', tokens.driver));
      await expect(hydratedForm(page)).toHaveCount(1);
      const g = formOf(page, other);
      await expect(g.driver).toBeChecked();
      await expect(g.labelPrint).toBeChecked();
      // Confirmed once for this draft: no second dialog.
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  });
}

test.describe('when the browser does not report its first paint', () => {
  test('without paint timing, the recipient and the island come all the same @desktop', async ({ page }) => {
    await page.addInitScript(() => {
      const types = PerformanceObserver.supportedEntryTypes.filter((type) => type !== 'paint');
      Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => types });
    });
    await page.goto(`/en/returns?token=${tokens.connect}`);
    const f = formOf(page, t);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(f.recipient.locator('address')).toHaveText(
      'Móda Europe a.s.Kumberská 12/131800 PlzeňCzechia',
    );
  });

  test('with a paint that is never reported, the island takes over after a few seconds @desktop', async ({
    page,
  }) => {
    // As in a tab that stays in the background: paint observers hear nothing.
    await page.addInitScript(() => {
      const Original = PerformanceObserver;
      class Silent extends Original {
        override observe(options?: PerformanceObserverInit) {
          if (options?.type === 'paint' || options?.entryTypes?.includes('paint')) return;
          super.observe(options);
        }
      }
      window.PerformanceObserver = Silent;
    });
    const returnPageCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/return-page')) returnPageCalls.push(request.url());
    });
    const started = Date.now();
    await page.goto(`/en/returns?token=${tokens.connect}`);
    const f = formOf(page, t);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    await expect(f.recipient.locator('address')).toHaveText(
      'Móda Europe a.s.Kumberská 12/131800 PlzeňCzechia',
    );
    expect(returnPageCalls).toEqual([]);
  });
});
