import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { texts } from './senderTexts.ts';
import { formAddress, tokens } from './formPage.ts';

const menu = texts.cs.menu;

test.describe('header', () => {
  test('the logo links to the provider main site and every menu link is external', async ({ page }) => {
    await page.goto('/returns/error');
    await expect(page.getByRole('link', { name: texts.cs.homeLink })).toHaveAttribute(
      'href',
      'https://www.parcelo.example/',
    );
    const links = page.locator('#site-menu nav').first().getByRole('link', { includeHidden: true });
    await expect(links).toHaveText(menu);
    for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      expect(href).toMatch(/^https:\/\//);
    }
    const logins = page.locator('#site-menu nav').nth(1).getByRole('link', { includeHidden: true });
    await expect(logins).toHaveCount(2);
  });

  test('the language switch shows the code in upper case and keeps the query', async ({ page }) => {
    await page.goto(`/returns/some/path?token=${tokens.driver}&lng=cs`);
    const button = page.getByRole('button', { name: texts.cs.languageButton });
    await expect(button).toHaveText(/\bCS$/);
    await button.click();
    const english = page.getByRole('link', { name: texts.cs.languageLink('en') });
    await expect(english).toBeVisible();
    await expectNoAxeViolations(page);
    await english.click();
    await expect(page).toHaveURL(formAddress(`/en/returns?token=${tokens.driver}`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('button', { name: texts.en.languageButton })).toHaveText(/\bEN$/);

    await page.getByRole('button', { name: texts.en.languageButton }).click();
    await page.getByRole('link', { name: texts.en.languageLink('cs') }).click();
    await expect(page).toHaveURL(formAddress(`/returns?token=${tokens.driver}`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
  });

  test('the language switch works with the keyboard alone', async ({ page }) => {
    await page.goto('/en/returns/error?token=k');
    const button = page.getByRole('button', { name: texts.en.languageButton });
    await button.focus();
    await page.keyboard.press('Enter');
    const czech = page.getByRole('link', { name: texts.en.languageLink('cs') });
    await expect(czech).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(czech).toBeHidden();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(czech).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/returns/error?token=k');
  });
});

test.describe('header on a phone @phone', () => {
  test('the menu is a top drawer opened and closed with the pointer', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/returns/page-not-found');
    const nav = page.getByRole('navigation', { name: texts.cs.mainNavigation });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: texts.cs.menuButton, exact: true }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(menu);
    const box = await page.locator('#site-menu').boundingBox();
    expect(box?.y).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: texts.cs.closeMenu }).click();
    await expect(nav).toBeHidden();
  });

  test('the drawer opens, is walked and closes with the keyboard', async ({ page }) => {
    await page.goto('/en/returns/error');
    const menuButton = page.getByRole('button', { name: texts.en.menuButton, exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: texts.en.mainNavigation });
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: texts.en.closeMenu })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: texts.en.menu[0]! })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(nav).toBeHidden();
  });
});

test.describe('header on a desktop @desktop', () => {
  test('the menu is inline and the drawer button is gone', async ({ page }) => {
    await page.goto('/returns/page-not-found');
    await expect(
      page.getByRole('navigation', { name: texts.cs.mainNavigation }).getByRole('link'),
    ).toHaveText(menu);
    await expect(page.getByRole('button', { name: texts.cs.menuButton, exact: true })).toBeHidden();
  });
});

test.describe('header on the narrowest phone @phone', () => {
  test('fits 320 px without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const [locale, path] of [
      ['en', `/en/returns?token=${tokens.driver}`],
      ['cs', '/returns/page-not-found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: texts[locale].menuButton, exact: true })).toBeInViewport({
        ratio: 1,
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
  });
});
