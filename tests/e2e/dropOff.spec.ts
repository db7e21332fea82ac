import { labelMailCopy } from '../../carrier/mail/labelMailCopy.ts';
import { translations } from '../../src/i18n/index.ts';
import { localizedPath, locales as allLocales } from '../../src/lib/locales.ts';
import { dropOffOf, expectedPlaces, expectPlaces } from './dropOffPlaces.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { apiFailureLogs, expect, test } from './flowFixtures.ts';
import { fillContact, formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { acceptedReturnOf, holdScripts, isAcceptedUrl } from './formPage.ts';
import { startLoggedServer } from './loggedServer.ts';
import { expectNoAxeViolationsWithoutScripts } from './noScriptHelpers.ts';
import { ownCopyOf } from './returnLinks.ts';
import { readyTimeout, successOf } from './successScreen.ts';
import { texts } from './senderTexts.ts';

/**
 * 'Where to take it': a return to a pick-up point from a Plzeň address (Kumberská 12/1, 318 00)
 * lists the carrier's places nearest to the sender's postcode that take it, nearest first, with
 * today's hours; a search for another town lists that town's; the label e-mail names the three
 * nearest. With scripts and without, in every language, and without the carrier's extension.
 */
test.describe.configure({ timeout: 90_000 });

const plzen = { zipCode: '31800' };
const olomouc = { city: 'Olomouc' };

test('a label-less return from Plzeň lists the places that take a code, nearest first, and the e-mail names three', async ({
  page,
  inbox,
}) => {
  const t = texts.en;
  const email = uniqueEmail();
  await openFilledForm(page, 'en', ownCopyOf('noDriver'), { email, labelType: 'qr' });
  await formOf(page, t).submit.click();
  await expect(page).toHaveURL(isAcceptedUrl);
  const list = dropOffOf(page, 'en');
  const nearest = expectedPlaces(plzen, true);
  // Only places that print or scan a code, though the demo network has shops that do not.
  expect(nearest.every((point) => point.labelless)).toBe(true);
  expect(expectedPlaces(plzen, false).some((point) => !point.labelless)).toBe(true);
  await expectPlaces(list, nearest, 'en');
  const distances = nearest.map((point) => point.distance);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  await expect(list.region).toContainText(translations('en').dropOff.leadQr());
  await expect(list.region.getByRole('link', { name: t.mapHome })).toHaveCount(0);

  // Another town, by the keyboard: the list changes in place and is said politely.
  await list.search.fill('Olomouc');
  await list.search.press('Enter');
  const inOlomouc = expectedPlaces(olomouc, true);
  await expectPlaces(list, inOlomouc, 'en');
  expect(inOlomouc[0]?.address.city).toBe('Olomouc');
  await expect(page).toHaveURL(/[?&]near=Olomouc(&|$)/);
  await expectNoAxeViolations(page);

  // The label e-mail names the three places nearest to the sender, as the page listed them first.
  const [mail] = await inbox.waitForMails(email, 1, readyTimeout);
  const copy = labelMailCopy.en.places;
  expect(mail?.text).toContain(copy.heading);
  const named = nearest.slice(0, 3).map((point) => mail?.text?.indexOf(point.name) ?? -1);
  expect(named.every((at) => at > 0)).toBe(true);
  expect(named).toEqual([...named].sort((a, b) => a - b));
  expect(mail?.text).not.toContain(nearest[3]?.name ?? '\u0000');
  expect(mail?.html).toContain(nearest[0]?.name);
});

test.describe('a place the carrier does not know', () => {
  // The site's 404 placeNotFound, which the browser and the island's call log note.
  test.use({ allowedConsoleErrors: apiFailureLogs('accessPoints', 404) });

  test('a printed label lists places whether they take codes or not; an unknown place says so and keeps the map links', async ({
    page,
  }) => {
    const t = texts.cs;
    const d = translations('cs').dropOff;
    await openFilledForm(page, 'cs', ownCopyOf('noDriver'), { email: uniqueEmail(), labelType: 'label' });
    await formOf(page, t).submit.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    const list = dropOffOf(page, 'cs');
    await expectPlaces(list, expectedPlaces(plzen, false), 'cs');
    await list.search.fill('Praha');
    await list.searchButton.click();
    // The RÚIAN copy of the demo network lacks Praha, Brno and Ostrava (carrier/README.md).
    await expect(list.region).toContainText(d.placeNotFound({ near: 'Praha' }));
    await expect(list.places).toHaveCount(0);
    await expect(list.region.getByRole('link', { name: t.mapHome })).toBeVisible();
    await expect(list.region.getByRole('link', { name: t.mapAbroad })).toBeVisible();

    // A town typed before the island takes the page over (a reload, its scripts held back), then
    // searched once it has: the island asks for what is in the field, not for what it rendered.
    const release = holdScripts(page);
    await page.reload();
    await list.search.fill('Olomouc');
    await release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await list.searchButton.click();
    await expectPlaces(list, expectedPlaces(olomouc, false), 'cs');
  });
});

test('a driver pickup has no drop-off places @desktop', async ({ page }) => {
  await openFilledForm(page, 'en', ownCopyOf('driver'), {
    email: uniqueEmail(),
    labelType: 'label',
    handover: 'driver',
  });
  await formOf(page, texts.en).submit.click();
  await expect(page).toHaveURL(isAcceptedUrl);
  await expect(successOf(page, texts.en).heading).toBeVisible();
  await expect(dropOffOf(page, 'en').region).toHaveCount(0);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the sent page lists the places and the plain form searches another town', async ({
    page,
    browser,
  }) => {
    const t = texts.cs;
    await page.goto(`${t.prefix}/returns?token=${ownCopyOf('noDriver')}`);
    const f = formOf(page, t);
    await f.labelQr.check();
    await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
    await f.submit.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    const list = dropOffOf(page, 'cs');
    await expectPlaces(list, expectedPlaces(plzen, true), 'cs');
    await list.search.fill('Olomouc');
    await list.searchButton.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    await expect(page).toHaveURL(/[?&]near=Olomouc(&|$)/);
    await expectPlaces(list, expectedPlaces(olomouc, true), 'cs');
    await expectNoAxeViolationsWithoutScripts(page, browser);
  });
});

test('the section reads natively and is axe clean in every language, with scripts and without @desktop', async ({
  page,
  browser,
}) => {
  const f = formOf(page, texts.cs);
  await openFilledForm(page, 'cs', ownCopyOf('noDriver'), { email: uniqueEmail(), labelType: 'qr' });
  await f.submit.click();
  await expect(page).toHaveURL(isAcceptedUrl);
  const accepted = acceptedReturnOf(page);
  const sent = new URL(page.url());
  const nearest = expectedPlaces(plzen, true);
  for (const locale of allLocales) {
    sent.pathname = localizedPath(locale, `/returns/sent/${accepted?.batchId ?? ''}`);
    await page.goto(sent.href);
    const list = dropOffOf(page, locale);
    await expectPlaces(list, nearest, locale);
    await expect(list.region).toContainText(translations(locale).dropOff.leadQr());
    await expectNoAxeViolations(page);
    await expectNoAxeViolationsWithoutScripts(page, browser);
  }
});

test('without the carrier’s extension the page keeps the spec’s map links @desktop', async ({ page }) => {
  const server = await startLoggedServer({ CARRIER_ACCESS_POINTS: 'off' });
  try {
    const t = texts.en;
    const d = translations('en').dropOff;
    await page.goto(`${server.url}${t.prefix}/returns?token=demo-knihkupectvi-no-driver-pickup`);
    const f = formOf(page, t);
    await expect(f.submit).toBeVisible();
    await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
    await f.labelQr.check();
    await f.submit.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    const list = dropOffOf(page, 'en');
    await expect(list.region).toContainText(d.unsupported());
    await expect(list.places).toHaveCount(0);
    await expect(list.search).toHaveCount(0);
    await expect(list.region.getByRole('link', { name: t.mapHome })).toBeVisible();
    await expect(list.region.getByRole('link', { name: t.mapAbroad })).toBeVisible();
    const answer = await page.request.get(`${server.url}/api/access-points?near=31800`);
    expect(answer.status()).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('accessPointsUnsupported');
  } finally {
    // The sent page polls its server: it goes before the server does.
    await page.close();
    await server.stop();
  }
});
