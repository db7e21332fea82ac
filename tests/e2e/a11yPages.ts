import type { Page } from '@playwright/test';
import { qrSvg } from '../../src/server/api/qrSvg.ts';
import { expect } from './fixtures.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { openForm, tokens } from './formPage.ts';
import { texts, type Locale } from './senderTexts.ts';
import { answerWithoutCarrier, json } from './siteApiMocks.ts';

/** What the success screen shows, fixed so that screenshots and transcripts do not move. */
export const fixedLabel = {
  batchId: '00000000-0000-4000-8000-00000000a11e',
  labelGuid: '00000000-0000-4000-8000-0000000a11e1',
  smartPin: 'A11-Y22',
  qrCode: 'PARCELO:A11Y-TEST-0001',
} as const;

/**
 * Opens the form of a return link and waits until the island has taken it over, with a longer
 * wait than usual: these checks run beside heavy ones on a busy machine.
 */
export const openLoadedForm = (page: Page, locale: Locale, token: string) =>
  openForm(page, locale, token, 15_000);

/** A page of the site in one state, as a sender reaches it. */
export interface PageState {
  name: string;
  open: (page: Page, locale: Locale) => Promise<void>;
}

/** The creation is accepted with the fixed batch id, without asking the carrier, and its status is `answer`. */
export const acceptFixedReturn = (page: Page, answer: Record<string, unknown>) =>
  answerWithoutCarrier(page, [json(answer)], fixedLabel.batchId);

/** The creation is accepted without asking the carrier, and its status is the ready, fixed QR code. */
async function acceptWithReadyQr(page: Page): Promise<void> {
  await acceptFixedReturn(page, {
    importState: 'Complete',
    ...fixedLabel,
    qrSvg: await qrSvg(fixedLabel.qrCode),
  });
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
