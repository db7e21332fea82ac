import { formUrl } from './formPage.ts';
import { heldCopyOf } from './returnLinks.ts';
import { checkAgainUntil, download } from './successScreen.ts';
import { expect, test } from './flowFixtures.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import { ScreenReader } from './screenReader.ts';
import { expectFieldsAnnounced } from './screenReaderChecks.ts';
import { expectTranscript, Transcript } from './transcripts.ts';
import { escapeRegExp, locales, texts } from './senderTexts.ts';

/**
 * The flow with the page's scripts off, through the virtual screen reader: the form the server
 * answers with errors, the confirmation page, the sent page before and after the label is
 * ready. Every page load is heard as a screen reader meets a new page: its title, then the main
 * content read from the top. Kept in tests/e2e/transcripts/noScript.<locale>.txt.
 */
test.use({ javaScriptEnabled: false, bypassCSP: true });
// The sent page refreshes itself every 5 s until the label exists.
test.describe.configure({ timeout: 90_000 });

for (const locale of locales) {
  const t = texts[locale];
  const s = t.success;

  test(`a QR return with driver pickup without scripts, heard through a screen reader (${locale}) @desktop`, async ({
    page,
  }) => {
    const transcript = new Transcript(
      `The return flow with scripts off, heard through a screen reader (${locale})`,
    );
    const reader = new ScreenReader(page);
    const f = formOf(page, t);
    const readPage = async (until?: RegExp) => {
      await reader.start();
      return reader.readMain(until);
    };

    // The carrier holds the return until the sent page has been heard while the label is prepared.
    const { token, release } = heldCopyOf('driver');
    await page.goto(formUrl(locale, token));
    const form = await readPage();
    transcript.step('Open the demo link', form);
    expectFieldsAnnounced(form, locale, { invalid: false });

    await f.submit.press('Enter');
    const errors = await readPage();
    transcript.step('Send the empty form', errors);
    // A new page: the title is what a screen reader says first (GOV.UK's 'Error: ' prefix).
    expect
      .soft(errors[0], 'the title says the form has errors')
      .toMatch(new RegExp(`^title: ${escapeRegExp(t.errorTitle(t.pageHeading))}`));
    const summary = errors.indexOf(`alert, ${t.errorSummary}`);
    expect.soft(summary, 'the summary is read before the first field').toBeGreaterThan(0);
    expect.soft(summary).toBeLessThan(errors.findIndex((phrase) => phrase.startsWith('textbox, ')));
    for (const label of [t.name, t.street, t.zipCode, t.city, t.email]) {
      expect.soft(errors).toContain(`link, ${label}: ${t.errorRequired}`);
    }
    expectFieldsAnnounced(errors, locale, { invalid: true });
    // Each link of the summary leads to its field, which says what is wrong.
    const links = page.getByRole('alert').getByRole('link');
    // Five fields and the two terms.
    expect.soft(await links.count(), 'a link in the summary for each error').toBe(7);
    for (const link of await links.all()) {
      const field = page.locator((await link.getAttribute('href')) ?? '#none');
      const text = (await link.textContent()) ?? '';
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(text.slice(text.lastIndexOf(': ') + 2));
    }

    await f.driver.check();
    // An address of its own: the same form posted again would be the same return, its label long made.
    await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
    await f.submit.press('Enter');
    const confirm = await readPage();
    transcript.step(`Choose '${t.handoverDriver}', fill in the sender (not recorded), send`, confirm);
    expect.soft(confirm).toContain(`heading, ${t.paidTitle}, level 1`);
    expect.soft(confirm).toContain(t.paidText);
    expect
      .soft(confirm.filter((phrase) => phrase.startsWith('button, ')))
      .toEqual([
        expect.stringMatching(new RegExp(`^button, ${escapeRegExp(t.paidCancel)}\\b`)),
        expect.stringMatching(new RegExp(`^button, ${escapeRegExp(t.paidConfirm)}\\b`)),
      ]);

    // The sent page, while the carrier prepares the label, offers to check again.
    await page.getByRole('button', { name: t.paidConfirm, exact: true }).press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: s.title })).toBeVisible();
    const preparing = await readPage();
    transcript.step(`'${t.paidConfirm}': the sent page while the label is prepared`, preparing);
    expect.soft(preparing).toContain(`link, ${s.checkAgain}`);
    expect.soft(preparing.slice(preparing.indexOf('status'))).toContain(t.success.preparing);
    release();
    const labelLink = page.getByRole('link', { name: s.downloadQr, exact: true });
    await checkAgainUntil(page, t, labelLink);
    transcript.mask((await page.locator('.qr__pin strong').textContent()) ?? '', '<SmartPIN>');
    for (const time of await page.locator('time').allTextContents()) transcript.mask(time, '<time>');
    const ready = await readPage();
    transcript.step(`'${t.paidConfirm}': the sent page, once the label is ready`, ready);
    expect.soft(ready).toContain(`heading, ${s.title}, level 2`);
    expect.soft(ready).toContain(`image, ${s.qrAlt}`);
    expect.soft(ready.slice(ready.indexOf('SmartPIN'))).toContainEqual(expect.stringMatching(/^\S{4,}$/));
    expect.soft(ready).toContain(`link, ${s.downloadQr}`);
    expect.soft(ready.slice(ready.indexOf('status'))).toContain(t.success.readyQr);
    expect((await download(page, labelLink)).name).toMatch(/\.pdf$/);

    await page.getByRole('link', { name: s.another, exact: true }).press('Enter');
    const again = await readPage(/^heading, .*, level 1$/);
    transcript.step(`'${s.another}': the form again, to its heading`, again);
    expect.soft(again.at(-1)).toBe(`heading, ${t.pageHeading}, level 1`);

    await expectTranscript(transcript, new URL(`transcripts/noScript.${locale}.txt`, import.meta.url));
  });
}
