import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { formOf } from './formControls.ts';
import { openForm, tokens } from './formPage.ts';
import { texts, type Locale } from './senderTexts.ts';
import { openFixedReturn, type FixedReturn } from './carrierReturns.ts';
import { heldCopyOf } from './returnLinks.ts';

/** The return the success screen shows, fixed so that screenshots and transcripts do not move. */
export const fixedLabel = {
  batchId: '00000000-0000-4000-8000-00000000a11e',
  token: tokens.driver,
  labelless: true,
  driverPickup: false,
  label: {
    labelGuid: '00000000-0000-4000-8000-0000000a11e1',
    smartPin: 'A11-Y22',
    shipmentNumber: '10000000000115',
  },
} as const satisfies FixedReturn;

/**
 * A return of the same look, its label still being prepared: on a link of its own whose returns
 * the carrier holds, so that it never finishes it, nor takes it up again after a restart.
 */
export function fixedPreparing(): FixedReturn {
  const { token } = heldCopyOf('driver');
  const { labelless, driverPickup } = fixedLabel;
  return { token, labelless, driverPickup, batchId: crypto.randomUUID() };
}

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
      await openFixedReturn(page, locale, fixedLabel);
      await expect(page.getByRole('img', { name: texts[locale].success.qrAlt })).toBeVisible();
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
  {
    name: 'accessibility statement',
    open: async (page, locale) => {
      await page.goto(`${texts[locale].prefix}/returns/accessibility`);
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
