import { sentOf, sentUrl } from '../../src/lib/acceptedReturn.ts';
import { cultures, defaultLocale, locales } from '../../src/lib/locales.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import { openForm } from './formPage.ts';
import { expect, test } from './flowFixtures.ts';
import { heldCopyOf } from './returnLinks.ts';
import { texts } from './senderTexts.ts';
import { download, readyTimeout, successOf } from './successScreen.ts';

/**
 * The sent page asks the site's API in the page's language (spec §3: Accept-Language), whichever
 * language it is in: its status polls, its steps and its label download, which the site passes
 * on to the carrier. One return, its sent page opened in each language in turn while the carrier
 * holds it, so that each page polls; the label is downloaded from the last.
 */
test('the sent page asks the API in its own language, in every language @desktop', async ({ page }) => {
  let asked: { path: string; language: string | undefined }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/returns/') || pathname.startsWith('/api/labels/'))
      asked.push({ path: pathname, language: request.headers()['accept-language'] });
  });
  const polled = () => asked.some(({ path }) => /^\/api\/returns\/[^/]+$/.test(path));
  const { token, release } = heldCopyOf('noDriver');
  const first = defaultLocale;
  let last = first;
  await openForm(page, first, token);
  await formOf(page, texts[first]).labelPrint.check();
  await fillContact(page, texts[first], { name: 'Jana Nováková', email: uniqueEmail() });
  await formOf(page, texts[first]).submit.click();
  await expect.poll(() => sentOf(new URL(page.url()))).toBeDefined();
  const accepted = sentOf(new URL(page.url()));
  if (!accepted) throw new Error('not on a sent page');

  for (const locale of locales) {
    if (locale !== first) {
      asked = [];
      await page.goto(sentUrl({ ...accepted, locale }));
      last = locale;
    }
    await expect(successOf(page, texts[locale]).heading).toBeVisible();
    // The label is being prepared: the page polls, in its language.
    await expect.poll(polled, { timeout: readyTimeout }).toBe(true);
    expect(
      asked.filter(({ language }) => language !== cultures[locale]),
      locale,
    ).toEqual([]);
  }

  release();
  const label = successOf(page, texts[last]).downloadLabel;
  await expect(label).toBeEnabled({ timeout: readyTimeout });
  await download(page, label);
  expect(asked.some(({ path }) => path.startsWith('/api/labels/'))).toBe(true);
  expect(asked.filter(({ language }) => language !== cultures[last])).toEqual([]);
});
