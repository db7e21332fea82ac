import { checkAgainUntil, download, pdfText, successOf } from '../e2e/successScreen.ts';
import { expect, test } from '../e2e/flowFixtures.ts';
import { fillContact, formOf, uniqueEmail } from '../e2e/formControls.ts';
import { ownCopyOf } from '../e2e/returnLinks.ts';
import { texts } from '../e2e/senderTexts.ts';

test.use({ javaScriptEnabled: false });

/**
 * The form as plain HTML: the POST of the form page is answered with the page's own CSP, and
 * the success screen's link gives the label.
 */
test('a sender without scripts returns a parcel, to the label', async ({ page }) => {
  const t = texts.en;
  const name = `Jane Doe ${Math.random().toString(36).slice(2, 7)}`;
  // A link of its own keeps the limits per link its own, however often the suite runs.
  await page.goto(`/en/returns?token=${ownCopyOf('noDriver')}`);
  const f = formOf(page, t);
  await f.labelPrint.check();
  await fillContact(page, t, { name, email: 'not-an-email' });

  // Answered with the form page's own CSP, not the policy for files.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST');
  await f.submit.click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  await expect(f.name).toHaveValue(name);
  await f.email.fill(uniqueEmail());
  await f.submit.click();

  const success = successOf(page, t);
  await expect(success.heading).toBeVisible();
  const link = page.getByRole('link', { name: t.success.downloadLabel, exact: true });
  await checkAgainUntil(page, t, link);
  const label = await download(page, link);
  expect(await pdfText(label.bytes)).toContain(name);
});
