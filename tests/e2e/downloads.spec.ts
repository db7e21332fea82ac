import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { expect, test } from './flowFixtures.ts';
import { fillForm, formOf, uniqueEmail } from './formControls.ts';
import { openForm, tokens } from './formPage.ts';
import { readyTimeout, successOf } from './successScreen.ts';
import { texts, type Locale } from './senderTexts.ts';

/**
 * The download button on the success screen (spec §2): named for what it downloads from the
 * start, disabled with a spinner until the label exists, with a polite status for screen
 * readers; a download that fails or arrives short says so and can be tried again.
 */

const json = (body: unknown) => (route: Route) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/** Accepts the creation and answers the status polls from `answers` (the last one repeats). */
async function answerWithoutCarrier(page: Page, answers: ((route: Route) => Promise<void>)[]): Promise<void> {
  await page.route('**/api/returns', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 202, contentType: 'application/json', body: `{"batchId":"${randomUUID()}"}` })
      : route.fallback(),
  );
  let polls = 0;
  await page.route(/\/api\/returns\/[0-9a-f-]{36}$/, (route) =>
    answers[Math.min(polls++, answers.length - 1)]?.(route),
  );
}

async function submitReturn(page: Page, locale: Locale, labelType: 'label' | 'qr'): Promise<void> {
  const t = texts[locale];
  await openForm(page, locale, tokens.noDriver);
  await fillForm(page, t, { name: 'Eva Malá', email: uniqueEmail(), labelType, handover: 'pickupPoint' });
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
    await answerWithoutCarrier(page, [
      json({ importState: 'InProcess', labelGuid: null }),
      json({ importState: 'Complete', labelGuid: randomUUID() }),
    ]);
    await submitReturn(page, locale, labelType);
    const button = page.getByRole('button', { name, exact: true });
    const status = page.getByRole('status').filter({ hasText: /./ });

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

  for (const locale of ['cs', 'en'] as const) {
    const t = texts[locale];
    const d = texts[locale].success;

    test(`says so and works when tried again (${locale})`, async ({ page, consoleErrors }) => {
      await answerWithoutCarrier(page, [json({ importState: 'Complete', labelGuid: randomUUID() })]);
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
