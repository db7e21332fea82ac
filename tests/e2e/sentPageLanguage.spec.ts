import { cultures, locales } from '../../src/lib/locales.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import { isAcceptedUrl, openForm } from './formPage.ts';
import { expect, test } from './flowFixtures.ts';
import { heldCopyOf } from './returnLinks.ts';
import { texts } from './senderTexts.ts';
import { download, readyTimeout, successOf } from './successScreen.ts';

/**
 * The sent page asks the site's API in the page's language (spec §3: Accept-Language), whichever
 * language it is in: its status polls, its steps and its label download, which the site passes
 * on to the carrier.
 */
for (const locale of locales) {
  test(`the sent page in ${locale} asks the API in ${cultures[locale]} @desktop`, async ({ page }) => {
    const t = texts[locale];
    const asked: { path: string; language: string | undefined }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/returns/') || pathname.startsWith('/api/labels/'))
        asked.push({ path: pathname, language: request.headers()['accept-language'] });
    });
    // The carrier holds the return until the page has asked for its status.
    const { token, release } = heldCopyOf('noDriver');
    await openForm(page, locale, token);
    await formOf(page, t).labelPrint.check();
    await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
    await formOf(page, t).submit.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    // The label is being prepared: the page polls.
    const polled = () => asked.some(({ path }) => /^\/api\/returns\/[^/]+$/.test(path));
    await expect.poll(polled, { timeout: readyTimeout }).toBe(true);
    release();
    const label = successOf(page, t).downloadLabel;
    await expect(label).toBeEnabled({ timeout: readyTimeout });
    await download(page, label);
    expect(asked.some(({ path }) => path.startsWith('/api/labels/'))).toBe(true);
    expect(asked.filter(({ language }) => language !== cultures[locale])).toEqual([]);
  });
}
