import type { Page } from '@playwright/test';
import { layoutProblems, textSpacingCss } from './a11yLayout.ts';
import { pageStates, type PageState } from './a11yPages.ts';
import { formUrl, tokens } from './formPage.ts';
import { expect, test } from './flowFixtures.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { allLocales, texts, type Locale } from './senderTexts.ts';

/**
 * WCAG 1.4.10 and 1.4.12: at 320 CSS px (1280 px at 400 % zoom) nothing scrolls sideways or is
 * cut, and with the text spacing a reader may set, no text is clipped or drawn over other text.
 * Every page and state, in every language. Zoom is a desktop browser's: the desktop project
 * runs it (the phone project's 375 px layout is the same CSS, only wider).
 */
test.use({ viewport: { width: 320, height: 256 } });

async function expectReflow(page: Page, state: string): Promise<void> {
  const before = await layoutProblems(page);
  expect.soft(before.sideways, `${state}: scrolls sideways at 320 px`).toBeNull();
  expect.soft(before.outside, `${state}: reaches past the viewport`).toEqual([]);
  expect.soft(before.clipped, `${state}: cuts its text`).toEqual([]);
  // Added through the DevTools protocol: addStyleTag waits for a load event no page without scripts fires.
  await page.evaluate(
    (css) => document.head.append(Object.assign(document.createElement('style'), { textContent: css })),
    textSpacingCss,
  );
  const spaced = await layoutProblems(page);
  expect.soft(spaced.sideways, `${state} with text spacing: scrolls sideways`).toBeNull();
  expect.soft(spaced.outside, `${state} with text spacing: reaches past the viewport`).toEqual([]);
  expect.soft(spaced.clipped, `${state} with text spacing: cuts its text`).toEqual([]);
  expect.soft(spaced.overlapping, `${state} with text spacing: text over text`).toEqual([]);
}

/** The pages the server renders for the form sent without scripts. */
const noScriptStates: PageState[] = [
  {
    name: 'the form the server sent back with errors',
    open: async (page, locale) => {
      await page.goto(formUrl(locale, tokens.driver));
      await formOf(page, texts[locale]).submit.click();
      await expect(page.getByRole('alert')).toContainText(texts[locale].errorSummary);
    },
  },
  {
    name: 'the confirmation of the paid service, then the sent page',
    open: async (page, locale) => {
      const t = texts[locale];
      await page.goto(formUrl(locale, tokens.driver));
      await formOf(page, t).driver.check();
      await fillValidSender(page, t);
      await formOf(page, t).submit.click();
      await expect(page.getByRole('heading', { level: 1, name: t.paidTitle })).toBeVisible();
    },
  },
];

async function sentPage(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('button', { name: texts[locale].paidConfirm, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: texts[locale].success.title })).toBeVisible();
}

// Every language: long words (Hungarian's, Polish's) are what a narrow screen cuts first.
for (const locale of allLocales) {
  test(`every page reflows at 320 px and takes text spacing (${locale}) @desktop`, async ({ page }) => {
    for (const state of pageStates) {
      await state.open(page, locale);
      await expectReflow(page, state.name);
    }
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test(`the server's pages reflow at 320 px and take text spacing (${locale}) @desktop`, async ({
      page,
    }) => {
      for (const state of noScriptStates) {
        await state.open(page, locale);
        await expectReflow(page, state.name);
      }
      await sentPage(page, locale);
      await expectReflow(page, 'the sent page');
    });
  });
}
