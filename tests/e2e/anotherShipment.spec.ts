import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './flowFixtures.ts';
import { fillForm, formOf, uniqueEmail } from './formControls.ts';
import { openForm, tokens } from './formPage.ts';
import { readyTimeout, successOf } from './successScreen.ts';
import { texts } from './senderTexts.ts';

/**
 * 'Return another shipment' opens the form at the top with the focus on its heading, so a
 * sender on a phone starts at section 1 and a screen reader announces where it is.
 */

/** The creation is accepted and the label is ready at once: the test is about the screen. */
async function answerWithoutCarrier(page: Page): Promise<void> {
  await page.route('**/api/returns', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 202, contentType: 'application/json', body: `{"batchId":"${randomUUID()}"}` })
      : route.fallback(),
  );
  await page.route(/\/api\/returns\/[0-9a-f-]{36}$/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ importState: 'Complete', labelGuid: randomUUID() }),
    }),
  );
}

for (const locale of ['cs', 'en'] as const) {
  const t = texts[locale];

  test(`return another shipment opens the form at the top, its heading focused (${locale})`, async ({
    page,
  }) => {
    await answerWithoutCarrier(page);
    await openForm(page, locale, tokens.noDriver);
    await fillForm(page, t, {
      name: 'Petr Svoboda',
      email: uniqueEmail(),
      labelType: 'label',
      handover: 'pickupPoint',
    });
    await formOf(page, t).submit.click();
    const s = successOf(page, t);
    await expect(s.downloadLabel).toBeEnabled({ timeout: readyTimeout });

    // The sender scrolls down until the button is at the top of the screen and presses it.
    await s.another.evaluate((button) => button.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await s.another.click();

    const heading = page.getByRole('heading', { level: 1, name: texts[locale].pageHeading });
    await expect(formOf(page, t).name).toHaveValue('');
    await expect(heading).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).toBeInViewport();
  });
}
