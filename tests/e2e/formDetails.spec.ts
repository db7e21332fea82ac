import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { openForm, tabTo, tokens } from './formPage.ts';
import { locales, texts } from './senderTexts.ts';
import { successOf } from './successScreen.ts';

/** Creating a return runs the human check (ALTCHA proof of work) in the browser first. */
const creationTimeout = 20_000;

/*
 * Each check runs once, in one of the two behaviour languages, alternating (the behaviour is the same
 * code in each; every language's texts are the languages spec's).
 */
const checkIn = { enter: 'cs', press: 'en', lead: 'cs', dialogTab: 'en' } as const;

for (const locale of locales) {
  const t = texts[locale];
  const list = t.list;

  test.describe(`form details in ${locale}`, () => {
    if (locale === checkIn.enter)
      test('Enter on the country list opens it or picks, and never submits @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        const listbox = page.getByRole('listbox');
        await tabTo(page, '#country');
        await page.keyboard.press('Enter');
        await expect(listbox).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(listbox).toBeHidden();
        await page.keyboard.press('Enter');
        await expect(listbox).toBeVisible();
        await expect(f.countryCombobox).toBeFocused();
        await expect(f.errorSummary).toHaveCount(0);
        // Typed, picked with Enter, then Enter again: the list opens again instead of sending.
        await page.keyboard.press('Escape');
        await page.keyboard.type('Slov');
        await expect(page.getByRole('option', { name: t.slovakia, exact: true })).toBeVisible();
        await page.keyboard.press('Enter');
        await expect(f.countrySection).toContainText(t.slovakia);
        await page.keyboard.press('Enter');
        await expect(listbox).toBeVisible();
        await expect(f.countryCombobox).toBeFocused();
        // Nothing matching the typed text: Enter does not send either.
        await page.keyboard.type('xyzq');
        await expect(page.getByText(list.noOptions)).toBeVisible();
        await page.keyboard.press('Enter');
        await expect(f.countryCombobox).toBeFocused();
        await expect(f.errorSummary).toHaveCount(0);
        await expect(f.name).not.toHaveAttribute('aria-invalid', 'true');
      });

    if (locale === checkIn.press)
      test('a press on the country opens its list even when the list was fetched before @desktop', async ({
        page,
      }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        // Hovering fetches the list's code, so it is there when the press begins; a person's press
        // lasts a moment, during which the focus it gives must not swap in a closed list.
        await f.countryNative.hover();
        await page.waitForLoadState('networkidle');
        await page.mouse.down();
        await page.waitForTimeout(150);
        await page.mouse.up();
        await expect(page.getByRole('listbox')).toBeVisible();
        await expect(f.countryCombobox).toBeFocused();
      });

    test('the country list speaks the page language and can be cleared @desktop', async ({ page }) => {
      await openForm(page, locale, tokens.driver);
      const f = formOf(page, t);
      await f.countryNative.click();
      await expect(f.countryCombobox).toBeFocused();
      await expect(page.getByRole('button', { name: list.close, exact: true })).toHaveAttribute(
        'title',
        list.close,
      );
      // What a screen reader hears from the list is in the page's language too.
      const spoken = f.countrySection.getByRole('log');
      await page.keyboard.press('ArrowDown');
      await expect(spoken).toContainText(list.guidance);
      await page.keyboard.type(t.czechia.slice(0, 4));
      await page.getByRole('option', { name: t.czechia, exact: true }).click();
      await expect(spoken).toContainText(list.chosen(t.czechia));
      await expect(spoken).not.toContainText(/\boption\b|available/);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: list.open, exact: true })).toHaveAttribute(
        'title',
        list.open,
      );
      const clear = page.getByRole('button', { name: list.clear, exact: true });
      await expect(clear).toHaveAttribute('title', list.clear);
      await expect(f.labelQr).toBeChecked();
      await clear.click();
      await expect(f.countrySection).toContainText(list.placeholder);
      // Until another country is chosen, nothing the sender chose is forced away.
      await expect(f.labelQr).toBeChecked();
      await expect(f.countrySection).not.toContainText('Select...');
      // The country is required: sending without one names the field, and nothing breaks.
      await f.submit.click();
      await expect(f.errorSummary).toBeVisible();
      const error = f.countrySection.getByText(t.errorRequired, { exact: true });
      await expect(error).toBeVisible();
      await expect(f.countryCombobox).toHaveAttribute('aria-invalid', 'true');
      await expect(f.countryCombobox).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.type(t.czechia.slice(0, 4));
      await page.getByRole('option', { name: t.czechia, exact: true }).click();
      await expect(error).toHaveCount(0);
      await expect(f.countrySection).toContainText(t.czechia);
      await expect(f.countryCombobox).toBeFocused();
      await expect(f.labelQr).toBeChecked();
    });

    test('unselected choice cards keep their description level with the chosen one @desktop', async ({
      page,
    }) => {
      await openForm(page, locale, tokens.driver);
      const f = formOf(page, t);
      const pairs = [
        [f.labelQr, f.labelPrint],
        [f.pickup, f.driver],
      ] as const;
      for (const pair of pairs) {
        const texts = pair.map((radio) =>
          page.locator('label.choice', { has: radio }).locator('.choice__text'),
        );
        const [a, b] = await Promise.all(texts.map((text) => text.boundingBox()));
        expect(Math.abs(a!.y - b!.y)).toBeLessThan(1);
      }
    });

    test('the zip code error fits on one line on a desktop @desktop', async ({ page }) => {
      await openForm(page, locale, tokens.driver);
      const f = formOf(page, t);
      await f.submit.click();
      const error = page.locator('#zipCode-error');
      await expect(error).toHaveText(t.errorRequired);
      const lineHeight = await error.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
      expect((await error.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    });

    if (locale === checkIn.dialogTab)
      test('the paid-service dialog keeps Tab inside while it is open @desktop', async ({ page }) => {
        await openForm(page, locale, tokens.driver);
        await formOf(page, t).driver.click();
        const dialog = page.getByRole('dialog', { name: t.paidTitle });
        await expect(dialog.getByRole('button', { name: t.paidCancel })).toBeFocused();
        for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
          await page.keyboard.press(key);
          const inside = await page.evaluate(
            () =>
              document.activeElement?.closest('dialog') !== null && document.activeElement !== document.body,
          );
          expect(inside, `focus after ${key}`).toBe(true);
        }
      });

    if (locale === checkIn.lead)
      test('the lead above the form gives way to the success screen @desktop', async ({ page }) => {
        test.setTimeout(60_000);
        await openForm(page, locale, tokens.driver);
        const lead = page.locator('.returns__lead');
        await expect(lead).toBeVisible();
        await fillValidSender(page, t);
        await formOf(page, t).submit.click();
        await expect(successOf(page, t).heading).toBeVisible({ timeout: creationTimeout });
        await expect(lead).toBeHidden();
      });
  });
}

test.describe('shell details', () => {
  test('the phone footer draws one rule between the columns and its bottom line @phone', async ({ page }) => {
    await page.goto('/returns/page-not-found');
    const rules = await page.locator('footer').evaluate((footer) => {
      const bottom = footer.querySelector('.footer__bottom')!.getBoundingClientRect();
      const columns = [...footer.querySelectorAll('.footer__column')];
      const lastTop = columns.at(-1)!.getBoundingClientRect().top;
      const ys: number[] = [];
      for (const element of footer.querySelectorAll('*')) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none') ys.push(box.top);
        if (parseFloat(style.borderBottomWidth) > 0 && style.borderBottomStyle !== 'none')
          ys.push(box.bottom);
      }
      // Full-width rules between the last column's heading and the consent link.
      return ys.filter((y) => y > lastTop + 1 && y <= bottom.top + 20);
    });
    expect(rules).toHaveLength(1);
  });

  test('/en and / both redirect to the not-found page of their language @desktop', async ({ request }) => {
    for (const [path, target] of [
      ['/', '/returns/page-not-found'],
      ['/en', '/en/returns/page-not-found'],
      ['/en/', '/en/returns/page-not-found'],
      ['/en?token=abc', '/en/returns/page-not-found?token=abc'],
    ]) {
      const response = await request.get(path!, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe(target);
    }
  });

  test('every page has a description for search results, in its language @desktop', async ({ page }) => {
    const description = page.locator('meta[name="description"]');
    for (const prefix of ['', '/en']) {
      for (const path of ['/returns/page-not-found', '/returns/error', '/no-such-page']) {
        await page.goto(`${prefix}${path}`);
        await expect(description, `${prefix}${path}`).toHaveAttribute('content', /\S.{30,}/);
      }
      await openForm(page, prefix ? 'en' : 'cs', tokens.driver);
      await expect(description, `${prefix}/returns`).toHaveAttribute('content', /\S.{30,}/);
    }
  });
});
