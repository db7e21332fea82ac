import type { Page } from '@playwright/test';
import { labelTexts } from '../../carrier/labels/labelTexts.ts';
import { pageStates } from './a11yPages.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { expect, test } from './flowFixtures.ts';
import { fillContact, formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { formAddress, islandRecipient } from './formPage.ts';
import { ownCopyOf } from './returnLinks.ts';
import { checkAgainUntil, download, pdfText, readyTimeout, successOf } from './successScreen.ts';
import { allLocales, otherLocales, texts, type Locale } from './senderTexts.ts';
import { expectNoAxeViolationsWithoutScripts } from './noScriptHelpers.ts';

/**
 * The languages beyond the behaviour specs' two (senderTexts.ts `locales`): each gets one pass of
 * every page and state under axe, and a whole return with scripts and one without, in its own
 * words from the form to the label and the e-mail. The widths alternate between the languages,
 * so each width sees some of them.
 */

/** The page's language as the sender meets it: its lang, and the switch showing its code. */
async function expectLanguage(page: Page, locale: Locale): Promise<void> {
  const t = texts[locale];
  await expect(page.locator('html')).toHaveAttribute('lang', t.lang);
  await expect(page.getByRole('button', { name: t.languageButton })).toBeVisible();
}

/** The label and its e-mail, in the sender's language. */
async function expectLabelAndMail(
  locale: Locale,
  label: { name: string; bytes: Buffer },
  sender: { name: string; email: string },
  inbox: { waitForMails: (to: string) => Promise<{ subject: string }[]> },
): Promise<void> {
  const words = labelTexts[locale];
  const text = await pdfText(label.bytes);
  expect(text).toContain(sender.name);
  for (const word of [words.sender, words.recipient, words.handover]) expect(text).toContain(word);
  const shipment = /\d{14}/.exec(label.name)?.[0] ?? '';
  const [mail] = await inbox.waitForMails(sender.email);
  expect(mail?.subject).toBe(texts[locale].mailSubject(false, shipment));
}

for (const [index, locale] of otherLocales.entries()) {
  const t = texts[locale];
  const width = index % 2 === 0 ? '@phone' : '@desktop';

  test(`every page and state in ${locale}: its language, no axe violations ${width}`, async ({ page }) => {
    test.slow();
    for (const state of pageStates) {
      await state.open(page, locale);
      await expectLanguage(page, locale);
      await expectNoAxeViolations(page);
    }
  });

  test(`a sender returns a parcel in ${locale}, from the form to the label and the e-mail @phone`, async ({
    page,
    inbox,
  }) => {
    const name = `Jan Dvořák ${Math.random().toString(36).slice(2, 7)}`;
    // A link of its own keeps the limits per link its own, however often the suite runs.
    const sender = await openFilledForm(page, locale, ownCopyOf('noDriver'), { name });
    await expectLanguage(page, locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pageHeading);
    // The home country by its name in the page's language, and the spec's hint on required fields.
    await expect(islandRecipient(page)).toContainText(t.czechia);
    await expect(formOf(page, t).name).toHaveAttribute('title', t.requiredHint);

    await formOf(page, t).submit.click();
    const success = successOf(page, t);
    await expect(success.heading).toBeVisible();
    await expect(success.downloadLabel).toBeEnabled({ timeout: readyTimeout });
    await expectLabelAndMail(locale, await download(page, success.downloadLabel), sender, inbox);
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test(`a sender without scripts returns a parcel in ${locale}, through a message, to the label @phone`, async ({
      page,
      browser,
      inbox,
    }) => {
      const sender = {
        name: `Jana Nováková ${Math.random().toString(36).slice(2, 7)}`,
        email: uniqueEmail(),
      };
      await page.goto(`${t.prefix}/returns?token=${ownCopyOf('noDriver')}`);
      await expectLanguage(page, locale);
      const f = formOf(page, t);
      await f.labelPrint.check();
      await fillContact(page, t, { ...sender, email: 'not-an-email' });
      await f.submit.click();
      await expect(page.getByRole('alert')).toContainText(t.errorSummary);
      await expect(page.getByText(t.errorEmail).first()).toBeVisible();
      await expect(page).toHaveTitle(`${t.errorTitle(t.pageHeading)} | Parcelo`);
      await expectNoAxeViolationsWithoutScripts(page, browser);
      await f.email.fill(sender.email);
      await f.submit.click();

      const success = successOf(page, t);
      await expect(success.heading).toBeVisible();
      await expectLanguage(page, locale);
      const link = page.getByRole('link', { name: t.success.downloadLabel, exact: true });
      await checkAgainUntil(page, t, link);
      await expectNoAxeViolationsWithoutScripts(page, browser);
      await expectLabelAndMail(locale, await download(page, link), sender, inbox);
    });
  });
}

test('the language switch lists every language by its code and its own name, and opens each @desktop', async ({
  page,
}) => {
  const token = ownCopyOf('driver');
  await page.goto(`/returns?token=${token}`);
  for (const locale of allLocales) {
    const from = texts.cs;
    await page.getByRole('button', { name: from.languageButton }).click();
    const link = page.getByRole('link', { name: from.languageLink(locale), exact: true });
    await expect(link).toHaveAttribute('hreflang', locale);
    await link.click();
    await expect(page).toHaveURL(formAddress(`${texts[locale].prefix}/returns?token=${token}`));
    await expectLanguage(page, locale);
    await page.goto(`/returns?token=${token}`);
  }
});
