import type { Page, Response } from '@playwright/test';

import { expect } from '../e2e/flowFixtures.ts';
import { fillContact, formOf, uniqueEmail } from '../e2e/formControls.ts';
import { formUrl } from '../e2e/formPage.ts';
import { heldCopyOf } from '../e2e/returnLinks.ts';
import { checkAgainUntil, successOf } from '../e2e/successScreen.ts';
import { texts, type Locale } from '../e2e/senderTexts.ts';

/**
 * The documents the server renders for the form posted without scripts, each exactly as it was
 * sent: the form sent back with its messages, the paid pickup's confirmation step, and the sent
 * page while the label is prepared and once it links to the label. `page` runs no script.
 */
export async function plainFormDocuments(page: Page, locale: Locale): Promise<Map<string, string>> {
  const t = texts[locale];
  const f = formOf(page, t);
  const documents = new Map<string, string>();
  // The document that answers `action`, after any redirect.
  const answer = async (state: string, action: () => Promise<unknown>): Promise<Response> => {
    const next = page.waitForResponse((r) => r.request().isNavigationRequest() && r.status() === 200);
    await action();
    const response = await next;
    documents.set(`${locale} ${state}, without scripts`, await response.text());
    return response;
  };

  // The carrier holds the return until its sent page has been seen while the label is prepared.
  const { token, release } = heldCopyOf('driver');
  await page.goto(formUrl(locale, token));
  await answer('form sent back with errors', () => f.submit.click());
  await expect(page.getByRole('heading', { name: texts[locale].errorSummary })).toBeVisible();

  await f.labelPrint.check();
  await f.driver.check();
  await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
  await answer('paid pickup confirmation', () => f.submit.click());
  const confirm = page.getByRole('button', { name: t.paidConfirm, exact: true });
  await expect(page.getByRole('heading', { level: 1, name: t.paidTitle })).toBeVisible();

  // The first answer is the page while the label is prepared.
  await answer('sent page, preparing', () => confirm.click());
  await expect(successOf(page, t).preparing).toBeVisible();
  await expect(successOf(page, t).checkAgain).toBeVisible();
  release();

  const link = page.getByRole('link', { name: t.success.downloadLabel, exact: true });
  await checkAgainUntil(page, t, link);
  await answer('sent page, label ready', () => page.reload());
  await expect(link).toBeVisible();
  return documents;
}
