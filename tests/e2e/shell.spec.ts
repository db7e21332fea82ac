import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { tokens } from './formPage.ts';
import { locales, texts, widthIn } from './senderTexts.ts';

const demoToken = tokens.driver;

for (const locale of locales) {
  const t = texts[locale];
  const prefix = t.prefix;

  test.describe(`shell in ${locale} ${widthIn[locale]}`, () => {
    test('the not-found page shows the 404 texts, title and language, with no script', async ({
      page,
      scripts,
    }) => {
      await page.goto(`${prefix}/returns/page-not-found`);
      await expect(page.locator('html')).toHaveAttribute('lang', t.lang);
      await expect(page).toHaveTitle(`${t.notFound.heading} | Parcelo`);
      await expect(page.locator('main p', { hasText: /^404$/ })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundHeading);
      await expect(page.getByText(t.notFound.text)).toBeVisible();
      expect(scripts).toEqual([]);
      await expect(page.locator('script')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('the error page shows the failure title and description', async ({ page, scripts }) => {
      await page.goto(`${prefix}/returns/error`);
      await expect(page.locator('html')).toHaveAttribute('lang', t.lang);
      // The heading is a sentence; the title drops its full stop.
      await expect(page).toHaveTitle(`${t.errorHeading.replace(/\.$/, '')} | Parcelo`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errorHeading);
      await expect(page.getByText(t.errorText)).toBeVisible();
      expect(scripts).toEqual([]);
      await expectNoAxeViolations(page);
    });

    test('the form page answers /returns and any path under it', async ({ page }) => {
      for (const path of ['/returns', '/returns/', '/returns/any/deeper/path']) {
        const response = await page.goto(`${prefix}${path}?token=${demoToken}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pageHeading);
        await expect(page).toHaveTitle(`${t.pageHeading} | Parcelo`);
      }
      await expectNoAxeViolations(page);
    });

    test('an unknown path outside /returns is a real 404 with the not-found page', async ({
      page,
      scripts,
    }) => {
      const response = await page.goto(`${prefix}/no/such/page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFoundHeading);
      expect(scripts).toEqual([]);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('routing', () => {
  test('/ redirects to the not-found page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/returns\/page-not-found$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.cs.notFoundHeading);
  });

  for (const lng of ['en', 'EN', 'eN']) {
    test(`?lng=${lng} selects English on every route`, async ({ page }) => {
      for (const [path, heading] of [
        ['/returns', texts.en.pageHeading],
        ['/returns/x/y', texts.en.pageHeading],
        ['/returns/error', texts.en.errorHeading],
        ['/returns/page-not-found', texts.en.notFoundHeading],
      ] as const) {
        await page.goto(`${path}?lng=${lng}&token=${demoToken}`);
        await expect(page.locator('html')).toHaveAttribute('lang', texts.en.lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      }
      await page.goto(`/?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', texts.en.lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.en.notFoundHeading);
    });
  }

  test('any other lng value keeps Czech', async ({ page }) => {
    await page.goto(`/returns?lng=de&token=${demoToken}`);
    await expect(page.locator('html')).toHaveAttribute('lang', texts.cs.lang);
  });
});
