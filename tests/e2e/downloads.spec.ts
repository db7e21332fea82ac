import type { Page, Route } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { expect, test } from './flowFixtures.ts';
import { formOf, openFilledForm } from './formControls.ts';
import { heldCopyOf } from './returnLinks.ts';
import { readyTimeout, successOf } from './successScreen.ts';
import { type Locale, texts } from './senderTexts.ts';
import { answerStatusPolls, json, labelReady } from './siteApiMocks.ts';

/**
 * The download button on the success screen (spec §2): named for what it downloads from the
 * start, disabled with a spinner until the label exists, with a polite status for screen
 * readers; a download that fails or arrives short says so and can be tried again.
 */

/**
 * Sends a return on a link whose returns the carrier holds: the sent page comes with the label
 * still being prepared, and its polls are the test's to answer.
 */
async function submitReturn(page: Page, locale: Locale, labelType: 'label' | 'qr'): Promise<void> {
  const t = texts[locale];
  await openFilledForm(page, locale, heldCopyOf('noDriver').token, { name: 'Eva Malá', labelType });
  await formOf(page, t).submit.click();
  await expect(successOf(page, t).heading).toBeVisible({ timeout: readyTimeout });
}

for (const [locale, labelType] of [
  ['cs', 'label'],
  ['en', 'qr'],
] as const) {
  const t = texts[locale];
  const d = texts[locale].success;
  const name = labelType === 'qr' ? t.success.downloadQr : t.success.downloadLabel;

  test(`the ${labelType} download is named from the start, disabled while prepared (${locale})`, async ({
    page,
  }) => {
    await answerStatusPolls(page, [json({ importState: 'InProcess', labelGuid: null }), labelReady()]);
    await submitReturn(page, locale, labelType);
    const button = page.getByRole('button', { name, exact: true });
    // The download's own status; 'Where to take it' has one of its own beside it.
    const status = page.locator('.success__actions').getByRole('status');

    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button.locator('.spinner')).toBeVisible();
    await expect(status).toHaveText(t.success.preparing);
    await expect(button).toHaveText(name);
    await expectNoAxeViolations(page);

    await expect(button).toBeEnabled({ timeout: readyTimeout });
    await expect(button.locator('.spinner')).toHaveCount(0);
    await expect(status).toHaveText(labelType === 'qr' ? d.readyQr : d.readyLabel);
  });
}

test.describe('a download that fails', () => {
  test.use({
    allowedConsoleErrors:
      /^(Failed to load resource: the server responded with a status of 502\b.*|\{code: apiException, call: label, status: 502\}|\{code: unknownError, call: label, status: 200\})$/,
  });

  // Once, in Czech: the retry is the same code in every language, and the message one of the
  // dictionary's texts, whose completeness in every language the unit tests check.
  for (const locale of ['cs'] as const) {
    const t = texts[locale];
    const d = texts[locale].success;

    test(`says so and works when tried again (${locale})`, async ({ page, consoleErrors }) => {
      await answerStatusPolls(page, [labelReady()]);
      const whole = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';
      const answers = [
        (route: Route) =>
          route.fulfill({
            status: 502,
            contentType: 'application/json',
            body: '{"code":"networkError","message":"The carrier could not be reached."}',
          }),
        // Cut off mid-file: the PDF ends before its end-of-file marker.
        (route: Route) =>
          route.fulfill({ status: 200, contentType: 'application/pdf', body: whole.slice(0, 20) }),
        // Shorter than the length the answer announced.
        (route: Route) =>
          route.fulfill({
            status: 200,
            headers: { 'Content-Type': 'application/pdf', 'Content-Length': '5000' },
            body: whole,
          }),
        (route: Route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/pdf',
            headers: { 'Content-Disposition': 'attachment; filename="return-label.pdf"' },
            body: whole,
          }),
      ];
      let downloads = 0;
      await page.route('**/api/labels/**', (route) => answers[downloads++]?.(route));
      await submitReturn(page, locale, 'label');
      const s = successOf(page, t);
      const failed = page.getByRole('alert').filter({ hasText: d.downloadFailed });
      const saved: string[] = [];
      page.on('download', (file) => saved.push(file.suggestedFilename()));

      await expect(s.downloadLabel).toBeEnabled({ timeout: readyTimeout });
      await s.downloadLabel.click();
      await expect(failed).toHaveText(d.downloadFailed);
      await expect(s.downloadLabel).toBeEnabled();
      await expectNoAxeViolations(page);

      for (const attempt of [2, 3]) {
        await s.downloadLabel.click();
        await expect.poll(() => downloads).toBe(attempt);
        await expect(failed).toHaveText(d.downloadFailed);
        await expect(s.downloadLabel).toBeEnabled();
      }

      const started = page.waitForEvent('download');
      await s.downloadLabel.click();
      expect((await started).suggestedFilename()).toBe('return-label.pdf');
      await expect(failed).toHaveCount(0);
      expect(saved).toEqual(['return-label.pdf']);
      expect(consoleErrors).toHaveLength(4);
    });
  }
});
