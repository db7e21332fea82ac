import type { Page } from '@playwright/test';
import { sentOf } from '../../src/lib/acceptedReturn.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import {
  acceptedReturnOf,
  countCreations,
  hydratedForm,
  isAcceptedUrl,
  islandRecipient,
  reachForForm,
  tokens,
} from './formPage.ts';
import { download, pdfText, readyTimeout, scanQr, shellLinks, successOf } from './successScreen.ts';
import { expect, statusFailureLogs, test } from './flowFixtures.ts';
import { formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { heldCopyOf } from './returnLinks.ts';
import { locales, texts, widthIn, type Locale } from './senderTexts.ts';
import { answerStatusPolls, json, labelReady } from './siteApiMocks.ts';

/**
 * The success screen (spec §2), its polling (spec §4) and its failures (spec §8), as a
 * sender notices them: what shows, what downloads, what arrives by e-mail.
 *
 * Both ways of sending end on the return's sent page. A test about the screen while the label is
 * prepared sends on a link of its own whose returns the carrier holds (`heldCopyOf`), so the
 * server renders the page with the label still being prepared, and the page polls; it releases
 * them when it has seen that. Tests about the screen's reaction to an answer the carrier does not
 * give at will (a 503, an empty body) hold them for good and take the page's status polls from
 * siteApiMocks.ts.
 */

/** Submits the filled form and waits for the sent page; returns the accepted batch id. */
async function submitAndSeeSuccess(page: Page, locale: Locale): Promise<string> {
  const t = texts[locale];
  const accepted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/returns',
  );
  await formOf(page, t).submit.click();
  expect((await accepted).status()).toBe(202);
  await expect(page).toHaveURL(isAcceptedUrl);
  await expect(successOf(page, t).heading).toBeVisible();
  return acceptedReturnOf(page)?.batchId ?? '';
}

test.describe('a printed label dropped at a pick-up point (cs)', () => {
  test('the success screen, the download, the e-mail', async ({ page, context, inbox }) => {
    const t = texts.cs;
    const s = successOf(page, t);
    const links = shellLinks('cs');
    const name = `Eliška Dvořáková ${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail();
    const { token, release } = heldCopyOf('noDriver');

    await openFilledForm(page, 'cs', token, { name, email });
    await formOf(page, t).submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const batchId = await submitAndSeeSuccess(page, 'cs');

    // A page of its own, at its top, the form gone.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(s.heading).toBeInViewport();
    await expect(formOf(page, t).submit).toHaveCount(0);
    await expect
      .poll(() => acceptedReturnOf(page))
      // The sender's postcode, for 'Where to take it' (decision 038).
      .toEqual({
        locale: 'cs',
        batchId,
        token,
        labelless: false,
        driverPickup: false,
        near: '31800',
      });

    await expect(s.description).toBeVisible();
    await expect(s.info).toHaveText(t.success.infoLabelPickup);

    // The download waits for the label: 'Stáhnout štítek', disabled, busy, spinning.
    await expect(s.preparing).toBeVisible();
    await expect(s.preparing).toBeDisabled();
    await expect(s.preparing).toHaveAttribute('aria-busy', 'true');
    await expect(s.preparing.locator('.spinner')).toBeVisible();
    await expect(s.downloadLabel).toBeDisabled();

    await expect(s.returnOrdering).toBeVisible();
    await expect(s.returnOrdering).toHaveAttribute('href', links.returnOrdering);
    await expect(s.returnOrdering).toHaveAttribute('target', '_blank');
    await expect(s.howToPack).toHaveAttribute('href', links.howToPack);
    await expect(s.howToPack).toHaveAttribute('target', '_blank');
    await expect(s.tips.getByRole('listitem')).toHaveText([...t.success.tips]);
    await expect(s.emailed).toBeVisible();
    await expect(s.qrPanel).toHaveCount(0);
    await expect(s.another).toBeVisible();
    await expect(s.home).toHaveAttribute('href', links.home);
    await expectNoAxeViolations(page);

    // Ready: the button says so and works.
    release();
    await expect(s.downloadLabel).toBeEnabled({ timeout: readyTimeout });
    await expect(s.downloadLabel.locator('.spinner')).toHaveCount(0);
    await expect(s.downloadLabel).not.toHaveAttribute('aria-busy', 'true');
    await expect(s.preparing).toHaveCount(0);
    await expectNoAxeViolations(page);

    const label = await download(page, s.downloadLabel);
    expect(label.name).toMatch(/^return-label-\d{14}\.pdf$/);
    expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(label.bytes)).toContain(name);
    const shipment = /\d{14}/.exec(label.name)?.[0] ?? '';

    // The return-ordering page opens in a new tab; this page stays.
    const opened = context.waitForEvent('page');
    await s.returnOrdering.click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(links.returnOrdering);
    await tab.close();
    await expect(s.heading).toBeVisible();

    // The same label arrives by e-mail, in Czech.
    const [mail, ...more] = await inbox.waitForMails(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(t.mailSubject(false, shipment));
    expect(mail?.attachments).toEqual([
      { index: 0, filename: label.name, contentType: 'application/pdf', size: label.bytes.length },
    ]);
    expect(inbox.attachment(mail?.id ?? 0, 0)?.equals(label.bytes)).toBe(true);
    expect(mail?.text).toContain(name);
  });
});

test.describe('a QR code shown at a pick-up point (en)', () => {
  test('the code and SmartPIN on screen, the QR download, English texts and links', async ({
    page,
    inbox,
  }) => {
    const t = texts.en;
    const s = successOf(page, t);
    const links = shellLinks('en');
    const name = `Jana Novak ${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail();
    const { token, release } = heldCopyOf('noDriver');

    await openFilledForm(page, 'en', token, { name, email, labelType: 'qr' });
    await submitAndSeeSuccess(page, 'en');
    await expect.poll(() => acceptedReturnOf(page)).toMatchObject({ labelless: true, driverPickup: false });

    await expect(s.description).toBeVisible();
    await expect(s.info).toHaveText(t.success.infoQrPickup);
    await expect(s.preparing).toBeDisabled();
    await expect(s.qrPanel).toHaveCount(0);
    await expect(s.returnOrdering).toHaveAttribute('href', links.returnOrdering);
    await expect(s.returnOrdering).toHaveAttribute('target', '_blank');
    await expect(s.howToPack).toHaveAttribute('href', links.howToPack);
    // No label to print, so no printing tips; the e-mail note speaks of the QR code.
    await expect(s.tips).toHaveCount(0);
    await expect(s.emailedQr).toBeVisible();
    await expect(s.home).toHaveAttribute('href', links.home);

    // Ready: the code and the SmartPIN on screen, scannable.
    release();
    await expect(s.downloadQr).toBeEnabled({ timeout: readyTimeout });
    await expect(s.qrPanel).toBeVisible();
    await expect(s.qrImage).toBeVisible();
    const pinText = s.qrPanel.getByText(/^SmartPIN [2-9A-Z]{3}-[2-9A-Z]{3}$/);
    await expect(pinText).toBeVisible();
    const pin = (await pinText.textContent())?.replace('SmartPIN ', '') ?? '';
    const scanned = await scanQr(s.qrImage);
    expect(scanned).toMatch(new RegExp(`^SMARTPIN:${pin};SHIPMENT:\\d{14}$`));
    await expectNoAxeViolations(page);

    const qr = await download(page, s.downloadQr);
    expect(qr.name).toMatch(/^return-qr-\d{14}\.pdf$/);
    expect(qr.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const shipment = /\d{14}/.exec(qr.name)?.[0] ?? '';
    expect(scanned).toBe(`SMARTPIN:${pin};SHIPMENT:${shipment}`);
    const text = await pdfText(qr.bytes);
    expect(text).toContain(name);
    expect(text).toContain(pin);

    const [mail, ...more] = await inbox.waitForMails(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(t.mailSubject(true, shipment));
    // The PDF, and the code itself shown in the e-mail's body (an inline image), so it outlasts the PDF.
    expect(mail?.attachments.map((a) => a.filename)).toEqual(expect.arrayContaining([qr.name]));
    expect(mail?.attachments.some((a) => a.contentType === 'image/png')).toBe(true);
    expect(mail?.text).toContain(pin);
  });
});

test.describe('driver pickup', () => {
  for (const { locale, labelType, tag } of [
    { locale: 'cs', labelType: 'qr', tag: '@phone' },
    { locale: 'en', labelType: 'label', tag: '@desktop' },
  ] as const) {
    test(`${labelType} in ${locale}: no return-ordering page, the driver's info text ${tag}`, async ({
      page,
    }) => {
      const t = texts[locale];
      const s = successOf(page, t);
      await openFilledForm(page, locale, tokens.driver, {
        name: 'Petr Svoboda',
        labelType,
        handover: 'driver',
      });
      await submitAndSeeSuccess(page, locale);
      await expect
        .poll(() => acceptedReturnOf(page))
        .toMatchObject({ labelless: labelType === 'qr', driverPickup: true });

      await expect(s.info).toHaveText(
        labelType === 'qr' ? t.success.infoQrDriver : t.success.infoLabelDriver,
      );
      await expect(s.howToPack).toBeVisible();
      await expect(s.another).toBeVisible();
      await expect(s.home).toBeVisible();
      await expect(s.returnOrdering).toHaveCount(0);
      const ready = labelType === 'qr' ? s.downloadQr : s.downloadLabel;
      await expect(ready).toBeEnabled({ timeout: readyTimeout });
      await expect(s.returnOrdering).toHaveCount(0);
      await expect(s.info).toHaveText(
        labelType === 'qr' ? t.success.infoQrDriver : t.success.infoLabelDriver,
      );
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('reload on the success screen', () => {
  test('the screen comes back and goes on, also in a new tab @phone', async ({ page, context }) => {
    const t = texts.cs;
    const s = successOf(page, t);
    const { token, release } = heldCopyOf('noDriver');
    await openFilledForm(page, 'cs', token, { name: 'Karel Černý', labelType: 'qr' });
    const batchId = await submitAndSeeSuccess(page, 'cs');
    await expect(s.preparing).toBeDisabled();
    const url = new URL(page.url());
    expect(acceptedReturnOf(page)).toEqual({
      locale: 'cs',
      batchId,
      token,
      labelless: true,
      driverPickup: false,
      // The sender's postcode, where 'Where to take it' starts (decision 038).
      near: '31800',
    });

    // Reloaded while the label is prepared: the same screen, which gets there once it is made.
    await page.reload();
    await expect(s.heading).toBeVisible();
    await expect(s.info).toHaveText(t.success.infoQrPickup);
    await expect(formOf(page, t).submit).toHaveCount(0);
    await expect(s.preparing).toBeDisabled();
    release();
    await expect(s.downloadQr).toBeEnabled({ timeout: readyTimeout });
    const pin = await s.qrPanel.getByText(/^SmartPIN /).textContent();
    expect(pin).toMatch(/^SmartPIN [2-9A-Z]{3}-[2-9A-Z]{3}$/);

    // The same address in a new tab (no session storage of its own) shows the same return.
    const other = await context.newPage();
    await other.goto(url.pathname + url.search);
    const o = successOf(other, t);
    await expect(o.heading).toBeVisible();
    await expect(o.downloadQr).toBeEnabled({ timeout: readyTimeout });
    await expect(o.qrPanel.getByText(/^SmartPIN /)).toHaveText(pin ?? '');
    await expect(formOf(other, t).submit).toHaveCount(0);
    await other.close();
  });
});

test.describe('back from the success screen', () => {
  test('the form is there, and sent again unchanged it is the same return @desktop', async ({ page }) => {
    const t = texts.cs;
    const f = formOf(page, t);
    await openFilledForm(page, 'cs', tokens.noDriver, { name: 'Zpět Novák' });
    const batchId = await submitAndSeeSuccess(page, 'cs');

    // Back, and Send at once: the island or, before it takes over, the plain post; one return either way.
    await page.goBack();
    await expect(f.name).toHaveValue('Zpět Novák');
    await expect(f.submit).toBeEnabled();
    // The terms are never kept in a draft: the sender agrees again (unless the browser kept the page).
    await f.termsPersons.check();
    await f.termsCompanies.check();
    await f.submit.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    expect(acceptedReturnOf(page)?.batchId).toBe(batchId);
  });
});

test.describe('return another shipment', () => {
  for (const locale of locales) {
    test(`back to a clean form with the defaults (${locale}) ${widthIn[locale]}`, async ({ page }) => {
      const t = texts[locale];
      const s = successOf(page, t);
      const f = formOf(page, t);
      // The label is there at the page's first poll: the test is about the screen.
      await answerStatusPolls(page, [labelReady()]);

      await openFilledForm(page, locale, tokens.driver, { name: 'Ivana Malá', handover: 'driver' });
      await submitAndSeeSuccess(page, locale);
      await expect(s.downloadLabel).toBeEnabled({ timeout: readyTimeout });

      await s.another.click();
      await expect(s.heading).toHaveCount(0);
      await expect(f.name).toBeVisible();
      await expect(f.name).toHaveValue('');
      await expect(f.street).toHaveValue('');
      await expect(f.email).toHaveValue('');
      await expect(f.labelQr).toBeChecked();
      await expect(f.pickup).toBeChecked();
      await expect(f.termsPersons).not.toBeChecked();
      await expect(f.termsCompanies).not.toBeChecked();
      // The link's form as a new visit: a new attempt (decision 035). The flag that asked for a clean
      // form leaves the address once the island has taken the form over (and dropped any draft).
      const url = new URL(page.url());
      expect(sentOf(url)).toBeUndefined();
      expect(url.pathname).toBe(`${t.prefix}/returns`);
      await reachForForm(page);
      await expect(hydratedForm(page)).toHaveCount(1);
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ token: tokens.driver, attempt: expect.stringMatching(/^[0-9a-f-]{36}$/) });

      // A reload now stays on the form.
      await page.reload();
      await expect(islandRecipient(page)).toContainText(/\d{5}/);
      await reachForForm(page);
      await expect(hydratedForm(page)).toHaveCount(1);
      await expect(f.name).toHaveValue('');
      await expect(s.heading).toHaveCount(0);
    });
  }
});

test.describe('the status cannot be read', () => {
  test.describe('503 at the first poll', () => {
    test.use({ allowedConsoleErrors: statusFailureLogs('apiException', 503) });
    // The error page in both languages is the failures spec's; here the way to it, once.
    for (const locale of ['cs'] as const) {
      test(`the sender ends on the error page (${locale}) @desktop`, async ({ page, consoleErrors }) => {
        const t = texts[locale];
        await answerStatusPolls(page, [json({ code: 'serviceUnavailable' }, 503)]);
        // The carrier holds the return: the page polls, and the test answers.
        const { token } = heldCopyOf('noDriver');
        await openFilledForm(page, locale, token);
        await formOf(page, t).submit.click();
        await expect(page).toHaveURL(`${t.prefix}/returns/error?token=${token}`, {
          timeout: readyTimeout,
        });
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errorHeading);
        expect(consoleErrors.join('\n')).toContain('apiException');
      });
    }
  });

  test.describe('503 after the import was in process', () => {
    test.use({ allowedConsoleErrors: statusFailureLogs('apiException', 503) });
    test('the screen was shown, then the sender ends on the error page @desktop', async ({ page }) => {
      const t = texts.cs;
      const seen = await answerStatusPolls(page, [
        json({ importState: 'InProcess', labelGuid: null }),
        json({ code: 'serviceUnavailable' }, 503),
      ]);
      // The carrier holds the return: the page polls, and the test answers.
      const { token } = heldCopyOf('noDriver');
      await openFilledForm(page, 'cs', token);
      await submitAndSeeSuccess(page, 'cs');
      await expect(successOf(page, t).preparing).toBeDisabled();
      await expect(page).toHaveURL(`/returns/error?token=${token}`, { timeout: readyTimeout });
      expect(seen.polls).toBe(2);
    });
  });

  test.describe('an empty 200 answer', () => {
    test.use({ allowedConsoleErrors: statusFailureLogs('unknownError', 200) });
    test('an empty body sends the sender to the error page @desktop', async ({ page, consoleErrors }) => {
      const t = texts.cs;
      await answerStatusPolls(page, [
        (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }),
      ]);
      // The carrier holds the return: the page polls, and the test answers.
      const { token } = heldCopyOf('noDriver');
      await openFilledForm(page, 'cs', token);
      await formOf(page, t).submit.click();
      await expect(page).toHaveURL(`/returns/error?token=${token}`, { timeout: readyTimeout });
      expect(consoleErrors.join('\n')).toContain('unknownError');
    });
  });

  test('an empty JSON object sends the sender to the error page (en) @desktop', async ({ page }) => {
    const t = texts.en;
    await answerStatusPolls(page, [json({})]);
    // The carrier holds the return: the page polls, and the test answers.
    const { token } = heldCopyOf('noDriver');
    await openFilledForm(page, 'en', token, { name: 'Jan Dvorak' });
    await formOf(page, t).submit.click();
    await expect(page).toHaveURL(`/en/returns/error?token=${token}`, { timeout: readyTimeout });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errorHeading);
  });
});

test.describe('a Complete answer without a label', () => {
  test.use({ allowedConsoleErrors: /^\{code: importCompleteWithoutLabel, call: status\}$/ });
  for (const locale of ['en'] as const) {
    test(`ends on the error page, logged, instead of waiting for ever (${locale}) @desktop`, async ({
      page,
      consoleErrors,
    }) => {
      const t = texts[locale];
      const seen = await answerStatusPolls(page, [
        json({ importState: 'InProcess', labelGuid: null }),
        json({ importState: 'Complete', labelGuid: null }),
      ]);
      // The carrier holds the return: the page polls, and the test answers.
      const { token } = heldCopyOf('noDriver');
      await openFilledForm(page, locale, token);
      await submitAndSeeSuccess(page, locale);
      await expect(page).toHaveURL(`${t.prefix}/returns/error?token=${token}`, {
        timeout: readyTimeout,
      });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errorHeading);
      expect(seen.polls).toBe(2);
      expect(consoleErrors).toEqual(['{code: importCompleteWithoutLabel, call: status}']);
    });
  }
});

test.describe('a double click on submit', () => {
  test('creates one return and sends one e-mail @desktop', async ({ page, inbox }) => {
    const t = texts.cs;
    const s = successOf(page, t);
    const email = uniqueEmail();
    const creations = countCreations(page);
    await openFilledForm(page, 'cs', tokens.noDriver, { name: 'Dvojklik Novák', email });
    await formOf(page, t).submit.dblclick();
    await expect(s.heading).toBeVisible();
    await expect(s.downloadLabel).toBeEnabled({ timeout: readyTimeout });
    const batchInUrl = acceptedReturnOf(page)?.batchId;

    await inbox.waitForMails(email);
    // Time for a second return's e-mail, had there been one.
    await page.waitForTimeout(2_000);
    expect(inbox.mailsTo(email)).toHaveLength(1);
    expect(creations.count).toBe(1);
    expect(batchInUrl).toBeDefined();
  });
});
