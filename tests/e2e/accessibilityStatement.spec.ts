import type { Page } from '@playwright/test';
import { localizedPath } from '../../src/lib/locales.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { tokens } from './formPage.ts';
import { expectNoAxeViolationsWithoutScripts } from './noScriptHelpers.ts';
import { allLocales, shell, texts, type Locale } from './senderTexts.ts';

/*
 * The accessibility statement (decision 036): in every language it says each part the European
 * Accessibility Act and the public-sector model ask for, in the editors' words, ships no script and
 * passes axe, also without scripts; and every footer links it. What does not change with the width
 * (the page without scripts, the footers' links) is tried at the phone's.
 */

const statementPath = (locale: Locale) => localizedPath(locale, '/returns/accessibility');

/** Every part of the statement is on the page, each under its heading, with the editor's values. */
async function expectStatement(page: Page, locale: Locale): Promise<void> {
  const statement = shell(locale).pages.accessibility;
  await expect(page.locator('html')).toHaveAttribute('lang', texts[locale].lang);
  await expect(page).toHaveTitle(`${statement.title} | Parcelo`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(statement.title);
  const parts = [
    statement.service,
    statement.standard,
    statement.status,
    statement.tested,
    statement.gaps,
    statement.feedback,
    statement.enforcement,
    statement.review,
  ];
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(parts.map((part) => part.heading));
  await expect(main).toContainText('WCAG 2.2');
  await expect(main).toContainText('EN 301 549');
  for (const item of [...statement.tested.items, ...statement.gaps.items])
    await expect(main.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);
  await expect(main.getByRole('link', { name: statement.feedback.email })).toHaveAttribute(
    'href',
    `mailto:${statement.feedback.email}`,
  );
  await expect(main.getByRole('link', { name: statement.enforcement.name })).toHaveAttribute(
    'href',
    statement.enforcement.href,
  );
  await expect(main.locator('time')).toHaveAttribute('datetime', statement.review.date);
  await expect(main.locator('time')).toHaveText(/\d/);
}

for (const locale of allLocales) {
  test.describe(`accessibility statement in ${locale}`, () => {
    test('says every part, ships no script and passes axe', async ({ page, scripts }) => {
      const response = await page.goto(statementPath(locale));
      expect(response?.status()).toBe(200);
      await expectStatement(page, locale);
      await expect(page.locator('script')).toHaveCount(0);
      expect(scripts).toEqual([]);
      await expectNoAxeViolations(page);
    });

    test('is linked from the footer of every page @phone', async ({ page }) => {
      const { title } = shell(locale).pages.accessibility;
      const prefix = texts[locale].prefix;
      for (const path of [
        `${prefix}/returns?token=${tokens.driver}`,
        `${prefix}/returns/page-not-found`,
        `${prefix}/returns/error`,
        `${prefix}/no/such/page`,
        statementPath(locale),
      ]) {
        await page.goto(path);
        const link = page.getByRole('contentinfo').getByRole('link', { name: title, exact: true });
        await expect(link, path).toHaveAttribute('href', statementPath(locale));
      }
      await page.getByRole('contentinfo').getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${statementPath(locale)}$`));
    });
  });
}

// Without scripts once, in the default language: the page ships none in any language (above), so
// turning them off can change only what a page holds for that case (`<noscript>`, the shell's).
test('the accessibility statement is the same without scripts, and passes axe there (cs) @phone', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(statementPath('cs'));
    await expectStatement(page, 'cs');
    await expectNoAxeViolationsWithoutScripts(page, browser);
  } finally {
    await context.close();
  }
});
