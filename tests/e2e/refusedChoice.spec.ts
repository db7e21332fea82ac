import { apiFailureLogs, expect, test } from './flowFixtures.ts';
import { fillContact, formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { formUrl, isAcceptedUrl, islandRecipient } from './formPage.ts';
import { ownCopyOf, setDriverPickup } from './returnLinks.ts';
import { texts } from './senderTexts.ts';

/**
 * A choice the site refuses for the return (its shop stopped driver pickup after the form was
 * shown) comes back as the form then shows it: the message says the pick-up point is chosen, and
 * it is. Sent again as it is, the return is made.
 */
for (const locale of ['cs', 'en'] as const) {
  const t = texts[locale];

  test.describe(`a refused driver pickup (${locale})`, () => {
    test.use({ allowedConsoleErrors: apiFailureLogs('createDormant', 400) });

    test(`with scripts, the form shows the pick-up point its message names @desktop`, async ({ page }) => {
      const token = ownCopyOf('driver');
      await openFilledForm(page, locale, token, { handover: 'driver' });
      setDriverPickup(token, false);
      const f = formOf(page, t);
      await f.submit.click();
      await expect(page.getByText(t.errorDriverUnavailable, { exact: true })).toBeVisible();
      await expect(f.pickup).toBeChecked();
      await expect(f.driver).not.toBeChecked();
      await f.submit.click();
      await expect(page).toHaveURL(isAcceptedUrl);
    });
  });

  test.describe(`a refused driver pickup without scripts (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test(`the form comes back with the pick-up point its message names @desktop`, async ({ page }) => {
      const token = ownCopyOf('driver');
      await page.goto(formUrl(locale, token));
      await expect(islandRecipient(page)).toContainText(/\d{5}/);
      const f = formOf(page, t);
      await f.labelPrint.check();
      await f.driver.check();
      await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
      setDriverPickup(token, false);
      await f.submit.click();
      await expect(page.getByText(t.errorDriverUnavailable, { exact: true }).first()).toBeVisible();
      await expect(f.pickup).toBeChecked();
      // The page the server renders now no longer offers it.
      await expect(f.driver).toHaveCount(0);
    });
  });
}
