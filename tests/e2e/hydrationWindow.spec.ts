import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import { formUrl, holdScripts, hydratedForm, tokens } from './formPage.ts';
import { startLoggedServer } from './loggedServer.ts';
import { locales, texts } from './senderTexts.ts';

const t = texts.en;

/**
 * Types a name on a slow phone while the island takes the form over: the first word before it
 * starts, the rest at once after, slower still. Returns how many keys arrived from the start of
 * the takeover (Astro's `astro:hydrate`, React's work still to come) until the island had taken
 * the name field over.
 */
async function typeThroughTakeover(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const release = holdScripts(page);
  await page.goto(`/en/returns?token=${tokens.driver}`);
  await page.evaluate(() => {
    const seen = window as unknown as { takeoverStarted: boolean; keysInTakeover: number };
    seen.takeoverStarted = false;
    seen.keysInTakeover = 0;
    document.querySelector('astro-island')?.addEventListener('astro:hydrate', () => {
      seen.takeoverStarted = true;
    });
    document.addEventListener(
      'keydown',
      () => {
        const field = document.activeElement;
        const taken = document.querySelector('form.return-form[data-island="ready"]');
        if (seen.takeoverStarted && !taken && field?.id === 'name') seen.keysInTakeover += 1;
      },
      { capture: true },
    );
  });
  await formOf(page, t).name.focus();
  await page.keyboard.type('Marie ', { delay: 40 });
  await release();
  // The pause lets the island start taking over; the sender types on at once, on a slower phone
  // still, so that the takeover spans keys however busy the test machine is.
  await page.waitForFunction(
    () => (window as unknown as { takeoverStarted: boolean }).takeoverStarted,
    undefined,
    { polling: 10 },
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.keyboard.type('Svobodová-Dvořáková', { delay: 30 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return page.evaluate(() => (window as unknown as { keysInTakeover: number }).keysInTakeover);
}

/**
 * The name field holds `text` once the island has taken over, and so does the form's own state,
 * not only the field: after a reload its draft brings the whole text back.
 */
async function expectKeptInTheForm(page: Page, text: string): Promise<void> {
  const name = formOf(page, t).name;
  await expect(hydratedForm(page)).toHaveCount(1);
  await expect(name).toHaveValue(text);
  await page.reload();
  await expect(hydratedForm(page)).toHaveCount(1);
  await expect(name).toHaveValue(text);
}

test.describe('before the island takes over', () => {
  test('Send pressed twice creates exactly one return; no URL and no log line holds the name or e-mail @desktop', async ({
    page,
  }) => {
    // It starts a server of its own, whose log it reads.
    test.slow();
    const server = await startLoggedServer();
    try {
      const urls: string[] = [];
      page.on('request', (request) => urls.push(decodeURIComponent(request.url())));
      const release = holdScripts(page);
      const name = `Early Sender ${Math.random().toString(36).slice(2, 7)}`;
      const address = uniqueEmail();
      await page.goto(`${server.url}/en/returns?token=${tokens.noDriver}`);
      const f = formOf(page, t);
      await f.labelPrint.check();
      await fillContact(page, texts.en, { name, email: address });
      await f.submit.dblclick();
      await expect(page.getByRole('heading', { level: 2, name: texts.en.success.title })).toBeVisible();
      await release();
      expect(server.returnsFor(address)).toBe(1);
      expect(urls.filter((url) => url.includes(name) || url.includes(address))).toEqual([]);
      const lines = server.log().split('\n');
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.filter((line) => line.includes(name) || line.includes(address))).toEqual([]);
    } finally {
      // The sent page polls its server: it goes before the server does.
      await page.close();
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
  const lt = texts[locale];
  test.describe(`driver pickup chosen before the island takes over (${locale})`, () => {
    test('stays chosen through the takeover, the focus where the sender left it, and is confirmed at the send; Cancel keeps the pick-up point @desktop', async ({
      page,
    }) => {
      const release = holdScripts(page);
      await page.goto(formUrl(locale, tokens.driver));
      const f = formOf(page, lt);
      await f.driver.check();
      await f.name.focus();
      await release();
      await f.name.press('J');
      await expect(hydratedForm(page)).toHaveCount(1);
      await expect(f.driver).toBeChecked();
      await expect(f.name).toBeFocused();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeHidden();
      await fillContact(page, lt, { name: 'Jana Nováková', email: uniqueEmail() });
      await f.submit.click();
      await expect(dialog).toContainText(lt.paidText);
      await dialog.getByRole('button', { name: lt.paidCancel }).click();
      await expect(dialog).toBeHidden();
      await expect(f.pickup).toBeChecked();
      await expect(f.driver).not.toBeChecked();
    });

    test('Confirm keeps it, and a language switch right after keeps it too @desktop', async ({ page }) => {
      const release = holdScripts(page);
      await page.goto(formUrl(locale, tokens.driver));
      const f = formOf(page, lt);
      await f.labelPrint.check();
      await release();
      await expect(hydratedForm(page)).toHaveCount(1);
      await f.driver.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: lt.paidConfirm }).click();
      await expect(f.driver).toBeChecked();
      const other = texts[locale === 'cs' ? 'en' : 'cs'];
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

test.describe('the island waits for the sender', () => {
  test('a page only looked at loads no script and stays the server’s form @desktop', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/.*\.js$/.test(request.url())) scripts.push(request.url());
    });
    await page.goto(`/en/returns?token=${tokens.connect}`);
    const f = formOf(page, t);
    await expect(f.recipient.locator('address')).toHaveText(
      'Móda Europe a.s.Kumberská 12/131800 PlzeňCzechia',
    );
    await page.waitForTimeout(2_000);
    expect(scripts).toEqual([]);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    // The first key into the form brings the island; what is typed goes on as typed.
    await f.name.focus();
    await page.keyboard.type('Jana Nováková', { delay: 60 });
    await expect(hydratedForm(page)).toHaveCount(1);
    await expect(f.name).toHaveValue('Jana Nováková');
    expect(scripts.length).toBeGreaterThan(0);
  });

  test('every key typed while the island takes over is kept, in the field and in the form it sends @desktop', async ({
    page,
  }) => {
    const release = holdScripts(page);
    await page.goto(`/en/returns?token=${tokens.driver}`);
    const f = formOf(page, t);
    await f.name.focus();
    const text = 'Marie Svobodová-Dvořáková';
    const typing = page.keyboard.type(text, { delay: 40 });
    await page.waitForTimeout(200);
    await release();
    await typing;
    await expect(hydratedForm(page)).toHaveCount(1);
    await expect(f.name).toHaveValue(text);
    await f.email.fill(uniqueEmail());
    await expectKeptInTheForm(page, text);
  });

  test('keys typed on while the island takes the fields over reach the form it sends @desktop', async ({
    page,
  }) => {
    // The window is a race on a real machine: a takeover can finish before the first key of it.
    // Every try must keep every key; at least one of a few must have typed into the window, each
    // in a tab of its own (its own draft).
    let keysInTakeover = 0;
    for (let tries = 0; tries < 4 && keysInTakeover === 0; tries += 1) {
      const tab = tries === 0 ? page : await page.context().newPage();
      keysInTakeover = await typeThroughTakeover(tab);
      await expectKeptInTheForm(tab, 'Marie Svobodová-Dvořáková');
    }
    expect(keysInTakeover, 'keys typed before the island took the field over').toBeGreaterThan(0);
  });

  test('a page left half-way takes over at once: the draft of the link comes back untouched @desktop', async ({
    page,
  }) => {
    await page.goto(`/en/returns?token=${tokens.driver}`);
    await page.evaluate(
      (token) =>
        sessionStorage.setItem(
          `returns.draft.${token}`,
          JSON.stringify({ name: 'Kept Draft', country: 'CZ' }),
        ),
      tokens.driver,
    );
    await page.reload();
    await expect(hydratedForm(page)).toHaveCount(1);
    await expect(formOf(page, t).name).toHaveValue('Kept Draft');
  });
});
