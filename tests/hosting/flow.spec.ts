import { expect, expectNoAxeViolations } from '../e2e/fixtures.ts';
import { download, pdfText, readyTimeout, successOf } from '../e2e/successScreen.ts';
import { formOf, openFilledForm } from '../e2e/formControls.ts';
import { ownCopyOf } from '../e2e/returnLinks.ts';
import { test } from '../e2e/flowFixtures.ts';
import { texts } from '../e2e/senderTexts.ts';

/**
 * The whole return: the form page and its scripts under the page's CSP (a blocked script is a
 * console error, which fails the test), the API, the label download at the end.
 */
test('a sender returns a parcel, from the form to the label', async ({ page }) => {
  const t = texts.en;
  const name = `Jane Doe ${Math.random().toString(36).slice(2, 7)}`;
  // A link of its own keeps the limits per link its own, however often the suite runs.
  await openFilledForm(page, 'en', ownCopyOf('noDriver'), { name });
  await expectNoAxeViolations(page);

  const accepted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/returns',
  );
  await formOf(page, t).submit.click();
  expect((await accepted).status()).toBe(202);
  const success = successOf(page, t);
  await expect(success.heading).toBeVisible();

  await expect(success.downloadLabel).toBeEnabled({ timeout: readyTimeout });
  const label = await download(page, success.downloadLabel);
  expect(label.name).toMatch(/^return-label-\d{14}\.pdf$/);
  expect(await pdfText(label.bytes)).toContain(name);
});
