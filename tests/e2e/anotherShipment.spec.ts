import { expect, test } from './flowFixtures.ts';
import { formOf, openFilledForm } from './formControls.ts';
import { tokens } from './formPage.ts';
import { readyTimeout, successOf } from './successScreen.ts';
import { locales, texts, widthIn } from './senderTexts.ts';
import { answerStatusPolls, labelReady } from './siteApiMocks.ts';

/**
 * 'Return another shipment' opens the link's form as a page of its own, at its top and clean,
 * so a sender on a phone starts at section 1 and a screen reader announces the new page.
 */

for (const locale of locales) {
  const t = texts[locale];

  test(`return another shipment opens the clean form at its top (${locale}) ${widthIn[locale]}`, async ({
    page,
  }) => {
    // The label is ready at the page's first poll: the test is about the screen.
    await answerStatusPolls(page, [labelReady()]);
    await openFilledForm(page, locale, tokens.noDriver, { name: 'Petr Svoboda' });
    await formOf(page, t).submit.click();
    const s = successOf(page, t);
    await expect(s.downloadLabel).toBeEnabled({ timeout: readyTimeout });

    // The sender scrolls down until the button is at the top of the screen and presses it.
    await s.another.evaluate((button) => button.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await s.another.click();

    const heading = page.getByRole('heading', { level: 1, name: texts[locale].pageHeading });
    await expect(formOf(page, t).name).toHaveValue('');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).toBeInViewport();
  });
}
