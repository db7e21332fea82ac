import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { formOf } from './formControls.ts';
import { formAddress, hydratedForm, islandRecipient, openForm, otherPrefix, tokens } from './formPage.ts';
import { locales, texts, widthIn, type Texts } from './senderTexts.ts';

/**
 * Every choice the sender made survives a reload and a language switch, the paid driver
 * pickup included, and a paid service confirmed once is not asked for again.
 */

/** The hand-over stored in the sender's draft of the driver-pickup link. */
function storedHandover(page: Page): Promise<string | undefined> {
  return page.evaluate(
    (token) =>
      (JSON.parse(sessionStorage.getItem(`returns.draft.${token}`) ?? '{}') as { handover?: string })
        .handover,
    tokens.driver,
  );
}

/** Chooses driver pickup and confirms the paid service in its dialog. */
async function chooseDriverAndConfirm(page: Page, t: Texts): Promise<void> {
  const f = formOf(page, t);
  await f.driver.click();
  await page.getByRole('dialog', { name: t.paidTitle }).getByRole('button', { name: t.paidConfirm }).click();
  await expect(f.driver).toBeChecked();
}

/** Waits until the form has loaded the return page again (its recipient shows). */
async function formLoaded(page: Page): Promise<void> {
  await expect(islandRecipient(page)).toContainText(/\d{5}/);
  await expect(hydratedForm(page)).toHaveCount(1);
}

for (const locale of locales) {
  const t = texts[locale];
  const other = texts[locale === 'cs' ? 'en' : 'cs'];

  test.describe(`driver pickup in the draft (${locale}) ${widthIn[locale]}`, () => {
    test('survives a reload and a language switch and is not asked for again', async ({ page }) => {
      await openForm(page, locale, tokens.driver);
      await chooseDriverAndConfirm(page, t);
      await formOf(page, t).name.fill('Jana Nováková');
      const dialog = page.getByRole('dialog', { name: t.paidTitle });

      await page.reload();
      await formLoaded(page);
      let f = formOf(page, t);
      await expect(f.name).toHaveValue('Jana Nováková');
      await expect(f.driver).toBeChecked();
      await expect(f.pickup).not.toBeChecked();
      expect(await storedHandover(page)).toBe('driver');

      // Confirmed once for this draft: back and forth without a second question.
      await f.pickup.click();
      await expect(f.pickup).toBeChecked();
      await f.driver.click();
      await expect(f.driver).toBeChecked();
      await expect(dialog).toHaveCount(0);

      await page.getByRole('button', { name: t.languageButton }).click();
      await page.getByRole('link', { name: t.otherLanguageLink }).click();
      await expect(page).toHaveURL(formAddress(`${otherPrefix[locale]}/returns?token=${tokens.driver}`));
      await formLoaded(page);
      f = formOf(page, other);
      await expect(f.name).toHaveValue('Jana Nováková');
      await expect(f.driver).toBeChecked();
      await expect(f.pickup).not.toBeChecked();
      expect(await storedHandover(page)).toBe('driver');
    });
  });
}

test.describe('driver pickup from Slovakia', () => {
  test('the country, the printed label and the driver survive a reload @desktop', async ({ page }) => {
    const t = texts.cs;
    await openForm(page, 'cs', tokens.driver);
    const f = formOf(page, t);
    await f.countryNative.click();
    await page.keyboard.type('Slov');
    await page.getByRole('option', { name: t.slovakia, exact: true }).click();
    await expect(f.countrySection).toContainText(t.slovakia);
    await chooseDriverAndConfirm(page, t);

    await page.reload();
    await formLoaded(page);
    await expect(f.countrySection).toContainText(t.slovakia);
    await expect(f.labelPrint).toBeChecked();
    await expect(f.driver).toBeChecked();
    await expect(f.pickup).not.toBeChecked();
    expect(await storedHandover(page)).toBe('driver');
  });
});
