import type { Page } from '@playwright/test';
import { qrSvg } from '../../src/server/api/qrSvg.ts';
import { expect } from './fixtures.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { formUrl, hydratedForm, islandRecipient, reachForForm, tokens } from './formPage.ts';
import { texts, type Locale } from './senderTexts.ts';

/** What the success screen shows, fixed so that screenshots and transcripts do not move. */
export const fixedLabel = {
  batchId: '00000000-0000-4000-8000-00000000a11e',
  labelGuid: '00000000-0000-4000-8000-0000000a11e1',
  smartPin: 'A11-Y22',
  qrCode: 'PARCELO:A11Y-TEST-0001',
} as const;

/** The status answer of a Complete label-less return, as the site's API gives it, with the fixed code. */
async function answerReadyQr(page: Page): Promise<void> {
  const body = JSON.stringify({
    importState: 'Complete',
    ...fixedLabel,
    qrSvg: await qrSvg(fixedLabel.qrCode),
  });
  await page.route(/\/api\/returns\/[0-9a-f-]{36}$/, (route) =>
    route.fulfill({ contentType: 'application/json', body }),
  );
}

/**
 * Opens the form of a return link, with its recipient, and waits until the island has taken it
 * over. The island hydrates once the browser is idle: on a machine busy with other tests that can
 * take a while, hence a longer wait than formPage's openForm.
 */
export async function openLoadedForm(page: Page, locale: Locale, token: string): Promise<void> {
  await page.goto(formUrl(locale, token));
  await expect(islandRecipient(page)).toContainText(/\d{5}/);
  await reachForForm(page);
  await expect(hydratedForm(page)).toHaveCount(1, { timeout: 15_000 });
}

/** A page of the site in one state, as a sender reaches it. */
export interface PageState {
  name: string;
  open: (page: Page, locale: Locale) => Promise<void>;
}

/** The creation is accepted at once with the fixed batch id, without asking the carrier. */
export async function acceptFixedReturn(page: Page): Promise<void> {
  await page.route('**/api/returns', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 202,
          contentType: 'application/json',
          body: JSON.stringify({ batchId: fixedLabel.batchId }),
        })
      : route.fallback(),
  );
}

/** The creation is accepted without asking the carrier, and its status is the ready, fixed label. */
async function acceptWithReadyQr(page: Page): Promise<void> {
  await acceptFixedReturn(page);
  await answerReadyQr(page);
}

/** Every page and state a sender meets with scripts on; each `open` leaves the page ready to measure. */
export const pageStates: PageState[] = [
  { name: 'form', open: (page, locale) => openLoadedForm(page, locale, tokens.driver) },
  {
    name: 'form with errors',
    open: async (page, locale) => {
      await openLoadedForm(page, locale, tokens.driver);
      await formOf(page, texts[locale]).submit.click();
      await expect(page.getByText(texts[locale].errorRequired).first()).toBeVisible();
    },
  },
  {
    name: 'paid service dialog',
    open: async (page, locale) => {
      await openLoadedForm(page, locale, tokens.driver);
      await formOf(page, texts[locale]).driver.click();
      await expect(page.getByRole('dialog', { name: texts[locale].paidTitle })).toBeVisible();
    },
  },
  {
    name: 'success',
    open: async (page, locale) => {
      await acceptWithReadyQr(page);
      await openLoadedForm(page, locale, tokens.driver);
      await fillValidSender(page, texts[locale]);
      await formOf(page, texts[locale]).submit.click();
      // The human check (a proof of work) runs first.
      await expect(page.getByRole('img', { name: texts[locale].success.qrAlt })).toBeVisible({
        timeout: 20_000,
      });
    },
  },
  {
    name: 'not found',
    open: async (page, locale) => {
      await page.goto(`${texts[locale].prefix}/returns/page-not-found`);
    },
  },
  {
    name: 'error',
    open: async (page, locale) => {
      await page.goto(`${texts[locale].prefix}/returns/error?token=${tokens.driver}`);
    },
  },
];

/**
 * Presses Tab as a keyboard user does. The native country list turns into the searchable one
 * when it gets the focus; the user waits for that before pressing on, so nothing depends on a race.
 */
export async function pressTab(page: Page, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await page.keyboard.press(key);
  if (await page.evaluate(() => document.activeElement?.matches('select#country'))) {
    await expect(page.locator('input#country')).toBeFocused();
  }
}
