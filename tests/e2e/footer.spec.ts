import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { texts } from './senderTexts.ts';

const cs = texts.cs.footer;
const en = texts.en.footer;
/** The entry of a list at a place the content is known to have; the test stops when it has none. */
function at(list: readonly string[], index: number): string {
  const entry = list.at(index);
  if (entry === undefined) throw new Error(`the footer's content has no entry ${index}`);
  return entry;
}
/** A link of a column, by the column's and the link's place. */
const link = (footer: typeof cs, column: number, index: number) => at(footer.links[column] ?? [], index);

test.describe('footer', () => {
  test('has five columns, social and app links, the consent hook and the motto', async ({ page }) => {
    await page.goto('/returns/error');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('summary')).toHaveText(cs.columns);
    await expect(footer.locator('[data-consent-settings]')).toHaveText(cs.consent);
    await expect(footer.getByText(cs.motto)).toBeVisible();
    await expect(footer.getByRole('link', { name: at(cs.social, 0), includeHidden: true })).toHaveAttribute(
      'href',
      /^https:/,
    );
    await expect(footer.getByRole('link', { name: at(cs.apps, 0), includeHidden: true })).toHaveAttribute(
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
    const summary = footer.locator('summary', { hasText: at(en.columns, -1) });
    if (await footer.getByRole('link', { name: at(en.social, 0) }).isHidden()) await summary.click();
    const social = footer.getByRole('list', { name: en.socialList, includeHidden: true }).getByRole('link', {
      includeHidden: true,
    });
    await expect(social).toHaveCount(en.social.length);
    for (const [index, name] of en.social.entries()) {
      await expect(social.nth(index)).toHaveAccessibleName(name);
      await expect(social.nth(index).locator('svg[aria-hidden="true"] path')).toHaveCount(1);
    }
    const badges = footer.getByRole('list', { name: en.appsList, includeHidden: true }).getByRole('link', {
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
    const about = footer.getByRole('link', { name: link(cs, 0, 1) });
    const personal = footer.getByRole('link', { name: link(cs, 1, 1) });
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
    await expect(footer.getByRole('link', { name: link(en, 2, 0) })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(footer.getByRole('link', { name: link(en, 2, 0) })).toBeFocused();
    await summaries.nth(4).focus();
    await page.keyboard.press('Space');
    await expect(footer.getByRole('link', { name: at(en.social, 1) })).toBeVisible();
    await expect(footer.getByRole('link', { name: link(en, 2, 0) })).toBeHidden();
    await page.keyboard.press('Space');
    await expect(footer.getByRole('link', { name: at(en.social, 1) })).toBeHidden();
  });
});

test.describe('footer on a desktop @desktop', () => {
  test('shows every column open without a click', async ({ page }) => {
    await page.goto('/returns/page-not-found');
    const footer = page.getByRole('contentinfo');
    for (const name of [link(cs, 0, 1), link(cs, 1, 1), link(cs, 2, 0), link(cs, 3, 3), at(cs.social, 1)]) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
  });
});
