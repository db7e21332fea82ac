import type { Page } from '@playwright/test';
import { sentOf } from '../../src/lib/acceptedReturn.ts';
import { labelLinkKey, labelLinkSeconds, signedLabelLink } from '../../src/server/form/labelLink.ts';

import { checkAgainUntil, download, pdfText, successOf } from './successScreen.ts';
import { expect, test } from './flowFixtures.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import { tokens } from './formPage.ts';
import { expectNoAxeViolationsWithoutScripts } from './noScriptHelpers.ts';
import { e2eSecrets } from './secrets.ts';
import { escapeRegExp, locales, texts } from './senderTexts.ts';

/**
 * The form as plain HTML: a sender whose browser runs no script (or whose scripts never
 * arrived) fills it in, confirms the paid pickup, sees the success screen refresh itself and
 * downloads the label from a link; the same label arrives by e-mail.
 */
test.use({ javaScriptEnabled: false });

/** Every URL the browser asks for, to prove no personal data ever travels in one. */
function watchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(decodeURIComponent(request.url())));
  return urls;
}

/**
 * The long flows run once each, in one of the two languages: the printed label and the failure in
 * Czech (the unprefixed address), the QR code and the expired link in English (a prefixed one).
 * The way without scripts is the same code in both; what every language brings is checked in each
 * by languages.spec.ts. The quick checks run in both.
 */
const longFlowIn = { printedLabel: 'cs', qrCode: 'en', expiredLink: 'en', failure: 'cs' } as const;

for (const locale of locales) {
  const t = texts[locale];

  if (locale === longFlowIn.printedLabel)
    test(`a printed label with driver pickup, through the confirmation, to the PDF and the e-mail (${locale})`, async ({
      page,
      browser,
      inbox,
    }) => {
      // The longest flow of the suite: two posts, the self-refreshing sent page, three axe checks, a PDF.
      test.slow();
      const urls = watchUrls(page);
      const name = `Jan Novák ${Math.random().toString(36).slice(2, 7)}`;
      const email = uniqueEmail();
      await page.goto(`${t.prefix}/returns?token=${tokens.driver}`);
      const f = formOf(page, t);
      await page.locator('select#country').selectOption('SK');
      await f.labelPrint.check();
      await f.driver.check();
      await fillContact(page, t, { name, email });
      await f.submit.click();

      // The paid service is confirmed on a page of its own.
      await expect(page.getByRole('heading', { level: 1, name: t.paidTitle })).toBeVisible();
      await expect(page.getByText(t.paidText, { exact: true })).toBeVisible();
      await expectNoAxeViolationsWithoutScripts(page, browser);
      await page.getByRole('button', { name: t.paidConfirm, exact: true }).click();

      const s = successOf(page, t);
      await expect(s.heading).toBeVisible();
      await expect
        .poll(() => sentOf(new URL(page.url())))
        .toMatchObject({ locale, token: tokens.driver, labelless: false, driverPickup: true });
      await expect(s.info).toHaveText(t.success.infoLabelDriver);
      await expect(s.returnOrdering).toHaveCount(0);
      await expectNoAxeViolationsWithoutScripts(page, browser);
      // 'Check again' until the label exists; the page then links to it.
      await expect(s.checkAgain).toBeVisible();
      const labelLink = page.getByRole('link', { name: t.success.downloadLabel, exact: true });
      await checkAgainUntil(page, t, labelLink);
      await expectNoAxeViolationsWithoutScripts(page, browser);
      const label = await download(page, labelLink);
      expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(label.bytes)).toContain(name);

      const [mail, ...more] = await inbox.waitForMails(email);
      expect(more).toHaveLength(0);
      expect(inbox.attachment(mail?.id ?? 0, 0)?.equals(label.bytes)).toBe(true);
      expect(urls.filter((url) => url.includes(name) || url.includes(email))).toEqual([]);
    });

  test(`the language switch keeps the sender on the confirmation step and on the sent page (${locale})`, async ({
    page,
  }) => {
    const other = locale === 'cs' ? 'en' : 'cs';
    const o = texts[other];
    /** Opens the language menu (a popover, no script needed) and picks a language. */
    const switchTo = async (from: typeof t, to: 'cs' | 'en', role: 'button' | 'link') => {
      await page.getByRole('button', { name: from.languageButton }).click();
      await page.getByRole(role, { name: from.languageLink(to) }).click();
    };
    await page.goto(`${t.prefix}/returns?token=${tokens.driver}`);
    const f = formOf(page, t);
    await f.labelPrint.check();
    await f.driver.check();
    await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
    await f.submit.click();
    await expect(page.getByRole('heading', { level: 1, name: t.paidTitle })).toBeVisible();

    // The step comes back in the other language, with the values it carries, and nothing is made.
    await switchTo(t, other, 'button');
    await expect(page.getByRole('heading', { level: 1, name: o.paidTitle })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', other === 'en' ? 'en-US' : 'cs-CZ');
    await page.getByRole('button', { name: o.paidConfirm, exact: true }).click();
    await expect(successOf(page, o).heading).toBeVisible();
    const sent = sentOf(new URL(page.url()));
    expect(sent).toMatchObject({ locale: other, token: tokens.driver, labelless: false, driverPickup: true });

    // The sent page of the same return, in the first language again.
    await switchTo(o, locale, 'link');
    await expect(successOf(page, t).heading).toBeVisible();
    await expect(successOf(page, t).info).toHaveText(t.success.infoLabelDriver);
    expect(sentOf(new URL(page.url()))).toMatchObject({ locale, batchId: sent?.batchId, driverPickup: true });
  });

  if (locale === longFlowIn.qrCode)
    test(`a QR return at a pick-up point shows the code and SmartPIN (${locale})`, async ({
      page,
      browser,
      inbox,
    }) => {
      const email = uniqueEmail();
      await page.goto(`${t.prefix}/returns?token=${tokens.noDriver}`);
      const f = formOf(page, t);
      await f.labelQr.check();
      await f.pickup.check();
      await fillContact(page, t, { name: 'Eva Malá', email });
      await f.submit.click();
      const s = successOf(page, t);
      await expect(s.info).toHaveText(t.success.infoQrPickup);
      await checkAgainUntil(page, t, s.qrImage);
      const pin = await s.qrPanel.locator('strong').innerText();
      expect(pin).toMatch(/^\S{4,}$/);
      const qr = await download(page, page.getByRole('link', { name: t.success.downloadQr, exact: true }));
      expect(qr.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(qr.bytes)).toContain(pin);
      await inbox.waitForMails(email);
      await expectNoAxeViolationsWithoutScripts(page, browser);
    });

  if (locale === longFlowIn.expiredLink)
    test(`a label link that expired leads back to the sent page, whose new link downloads (${locale})`, async ({
      page,
      browser,
    }) => {
      await page.goto(`${t.prefix}/returns?token=${tokens.noDriver}`);
      const f = formOf(page, t);
      await f.labelPrint.check();
      await f.pickup.check();
      await fillContact(page, t, { name: 'Petr Pozdní', email: uniqueEmail() });
      await f.submit.click();
      const labelLink = page.getByRole('link', { name: t.success.downloadLabel, exact: true });
      await checkAgainUntil(page, t, labelLink);
      const sent = sentOf(new URL(page.url()));
      const guid = /^\/api\/labels\/([0-9a-f-]{36})\?/.exec(
        (await labelLink.getAttribute('href')) ?? '',
      )?.[1];
      if (!sent || !guid) throw new Error(`no sent page or label link at ${page.url()}`);

      // The same link as the page signed it ten minutes ago (the site's key, from the secret it runs with).
      const tenMinutesAgo = Date.now() - (labelLinkSeconds + 1) * 1000;
      const key = labelLinkKey(e2eSecrets.ALTCHA_HMAC_KEY);
      const answer = await page.goto(signedLabelLink(key, guid, 'label', sent, tenMinutesAgo));
      expect(answer?.status()).toBe(200);
      await expect.poll(() => sentOf(new URL(page.url()))).toEqual({ ...sent, notice: 'linkExpired' });
      await expect(page.getByRole('alert')).toHaveText(t.success.linkExpired);
      await expectNoAxeViolationsWithoutScripts(page, browser);
      const label = await download(page, labelLink);
      expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

  test(`every validation message, with the values kept (${locale})`, async ({ page, browser }) => {
    await page.goto(`${t.prefix}/returns?token=${tokens.noDriver}`);
    const f = formOf(page, t);
    await f.name.fill('Jan Novák');
    await f.email.fill('not-an-email');
    const answered = page.waitForResponse((r) => r.request().method() === 'POST');
    await f.submit.click();
    // A page rendered on demand carries its own CSP, scripts pinned by hash.
    const answer = await answered;
    expect(answer.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(answer.headers()['cache-control']).toBe('no-store');

    const summary = page.getByRole('alert').filter({ hasText: t.errorSummary });
    await expect(summary.getByRole('heading', { name: t.errorSummary })).toBeVisible();
    await expect(summary.getByRole('link')).toHaveText([
      `${t.street}: ${t.errorRequired}`,
      `${t.zipCode}: ${t.errorRequired}`,
      `${t.city}: ${t.errorRequired}`,
      `${t.email}: ${t.errorEmail}`,
      new RegExp(`: ${escapeRegExp(t.errorTerms)}$`),
      new RegExp(`: ${escapeRegExp(t.errorTerms)}$`),
    ]);
    await expect(f.name).toHaveValue('Jan Novák');
    await expect(f.email).toHaveValue('not-an-email');
    await expect(f.street).toHaveAccessibleDescription(t.errorRequired);
    await expect(f.email).toHaveAccessibleDescription(t.errorEmail);
    await expect(f.termsPersons).toHaveAccessibleDescription(t.errorTerms);
    await expect(page.getByRole('region', { name: t.recipient })).toContainText(/\d{3} ?\d{2}/);
    await expectNoAxeViolationsWithoutScripts(page, browser);
    // The language switch keeps the link's token on the page the server answered with.
    const other = locale === 'cs' ? 'en' : 'cs';
    await expect(page.locator(`a[hreflang="${other}"]`)).toHaveAttribute(
      'href',
      `${other === 'en' ? '/en' : ''}/returns?token=${tokens.noDriver}`,
    );
    // The summary's links lead to the fields.
    await summary.getByRole('link', { name: `${t.email}: ${t.errorEmail}` }).click();
    await expect(page).toHaveURL(/#email$/);
  });

  test.describe(() => {
    // The not-found page is answered with its status, which the browser logs as a failed load.
    test.use({ allowedConsoleErrors: /status of 404 \(Not Found\)/ });
    test(`an invalid link is the not-found page at once, 404 (${locale})`, async ({ page }) => {
      const response = await page.goto(`${t.prefix}/returns?token=no-such-return-page-token`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundHeading);
      await expect(formOf(page, t).submit).toHaveCount(0);
    });
  });

  if (locale === longFlowIn.failure)
    test(`a return that ends in Error ends on the error page (${locale})`, async ({ page, browser }) => {
      await page.goto(`${t.prefix}/returns?token=${tokens.failing}`);
      await formOf(page, t).labelPrint.check();
      await fillContact(page, t, { name: 'Jan Novák', email: uniqueEmail() });
      await formOf(page, t).submit.click();
      await checkAgainUntil(page, t, page.getByRole('heading', { level: 1, name: t.errorHeading }));
      await expectNoAxeViolationsWithoutScripts(page, browser);
    });
}
