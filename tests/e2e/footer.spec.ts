import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const columns = ['Společnost', 'Osobní', 'Firemní', 'Užitečné odkazy', 'Sledujte nás'];

test.describe('footer', () => {
  test('has five columns, social and app links, the consent hook and the motto', async ({ page }) => {
    await page.goto('/returns/error');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('summary')).toHaveText(columns);
    await expect(footer.locator('[data-consent-settings]')).toHaveText('Nastavení cookies');
    await expect(footer.getByText('Doručujeme to, na čem vám záleží.')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Facebook', includeHidden: true })).toHaveAttribute(
      'href',
      /^https:/,
    );
    await expect(footer.getByRole('link', { name: /App Store/, includeHidden: true })).toHaveAttribute(
      'href',
      /^https:/,
    );
  });

  test("social links show their network's icon and app links are store badges, named for screen readers", async ({
    page,
    scripts,
  }) => {
    await page.goto('/en/returns/page-not-found');
    const footer = page.getByRole('contentinfo');
    // On a phone the column is a closed accordion item: open it as a sender would.
    const summary = footer.locator('summary', { hasText: 'Follow us' });
    if (await footer.getByRole('link', { name: 'Facebook' }).isHidden()) await summary.click();
    const social = footer.getByRole('list', { name: 'Follow us', includeHidden: true }).getByRole('link', {
      includeHidden: true,
    });
    await expect(social).toHaveCount(4);
    for (const [index, name] of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube'].entries()) {
      await expect(social.nth(index)).toHaveAccessibleName(name);
      await expect(social.nth(index).locator('svg[aria-hidden="true"] path')).toHaveCount(1);
    }
    const badges = footer.getByRole('list', { name: 'Mobile apps', includeHidden: true }).getByRole('link', {
      includeHidden: true,
    });
    await expect(badges).toHaveCount(2);
    await expect(badges.locator('svg path')).toHaveCount(2);
    expect(scripts).toEqual([]);
  });

  test('the page is at most 2400 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 3000, height: 900 });
    // A shell page that stays put: the form page without a token moves on to the not-found page,
    // and measuring during that navigation found no element.
    await page.goto('/returns/error');
    await expect.poll(async () => (await page.locator('.page').boundingBox())?.width).toBe(2400);
  });
});

test.describe('footer on a phone @phone', () => {
  test('is an accordion with one column open at a time, driven by the pointer', async ({ page }) => {
    await page.goto('/returns/page-not-found');
    const footer = page.getByRole('contentinfo');
    const summaries = footer.locator('summary');
    const about = footer.getByRole('link', { name: 'Kariéra' });
    const personal = footer.getByRole('link', { name: 'Sledovat zásilku' });
    await expect(about).toBeHidden();
    await summaries.nth(0).click();
    await expect(about).toBeVisible();
    await summaries.nth(1).click();
    await expect(personal).toBeVisible();
    await expect(about).toBeHidden();
    await expectNoAxeViolations(page);
    await summaries.nth(1).click();
    await expect(personal).toBeHidden();
    await expect(footer.locator('details[open]')).toHaveCount(0);
  });

  test('the accordion works with the keyboard', async ({ page }) => {
    await page.goto('/en/returns/error');
    const footer = page.getByRole('contentinfo');
    const summaries = footer.locator('summary');
    await summaries.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(footer.getByRole('link', { name: 'Business shipping' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(footer.getByRole('link', { name: 'Business shipping' })).toBeFocused();
    await summaries.nth(4).focus();
    await page.keyboard.press('Space');
    await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Business shipping' })).toBeHidden();
    await page.keyboard.press('Space');
    await expect(footer.getByRole('link', { name: 'Instagram' })).toBeHidden();
  });
});

test.describe('footer on a desktop @desktop', () => {
  test('shows every column open without a click', async ({ page }) => {
    await page.goto('/returns/page-not-found');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Kariéra', 'Sledovat zásilku', 'Firemní přeprava', 'Reklamace', 'Instagram']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
  });
});
