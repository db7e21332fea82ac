import type { Page } from '@playwright/test';
import { eventMailCopy } from '../../carrier/mail/eventMailCopy.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import type { Inbox } from './inbox.ts';
import { scan, shipmentOf } from './carrierScan.ts';
import { expect, test } from './flowFixtures.ts';
import { fillContact, formOf, openFilledForm, uniqueEmail } from './formControls.ts';
import { acceptedReturnOf, isAcceptedUrl } from './formPage.ts';
import { expectNoAxeViolationsWithoutScripts } from './noScriptHelpers.ts';
import { ownCopyOf } from './returnLinks.ts';
import { checkAgainUntil, readyTimeout, successOf } from './successScreen.ts';
import { texts, type Locale } from './senderTexts.ts';

/**
 * After the label, the sender follows the return on its page until the shop has it: a depot
 * scans the parcel handed over, then delivered (the carrier's command line), and the page and
 * two e-mails say each step, with scripts and without.
 */
test.describe.configure({ timeout: 90_000 });

const place = 'Trafika U Nádraží';

/** The page's steps, as listed. */
const stepsOf = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: texts[locale].success.timelineTitle }).getByRole('listitem');

/** The two e-mails of the journey, after the label's: their subjects, and the drop-off's place. */
async function expectJourneyMails(
  inbox: Inbox,
  locale: Locale,
  email: string,
  shipment: string,
  count: 2 | 3,
): Promise<void> {
  const mails = await inbox.waitForMails(email, count);
  const copy = eventMailCopy[locale];
  const subjects = mails.map((mail) => mail.subject);
  expect(subjects).toContain(copy.handedOver.subject(shipment));
  expect(mails.find((mail) => mail.subject === copy.handedOver.subject(shipment))?.text).toContain(place);
  if (count === 3) expect(subjects).toContain(copy.delivered.subject(shipment));
}

/*
 * Each way once, in a language of its own, as the attempts spec does: with scripts in Czech (the
 * unprefixed address), without in English (a prefixed one). The journey's e-mails come in both.
 */
test.describe('with scripts', () => {
  const locale: Locale = 'cs';
  const t = texts[locale];
  const s = t.success;

  test(`the sender follows the return from the label to the shop (${locale}) @desktop`, async ({
    page,
    inbox,
  }) => {
    const email = uniqueEmail();
    await openFilledForm(page, locale, ownCopyOf('noDriver'), { email, labelType: 'qr' });
    await formOf(page, t).submit.click();
    await expect(page).toHaveURL(isAcceptedUrl);
    const success = successOf(page, t);
    await expect(success.downloadQr).toBeEnabled({ timeout: readyTimeout });
    const steps = stepsOf(page, locale);
    await expect(steps).toHaveCount(1, { timeout: readyTimeout });
    await expect(steps.first()).toContainText(s.eventLabelCreated);
    // Until the parcel is handed over: the code, and on a desktop the way to this page on a phone.
    await expect(success.qrPanel).toBeVisible();
    await expect(page.getByRole('region', { name: s.openOnPhone })).toBeVisible();
    await expectNoAxeViolations(page);

    const shipment = shipmentOf(acceptedReturnOf(page)?.batchId ?? '');
    await scan(shipment, 'handedOver', place);
    await expect(steps).toHaveCount(2, { timeout: readyTimeout });
    await expect(steps.nth(1)).toContainText(s.eventHandedOver(place));
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    // Said once, as it arrives.
    await expect(page.getByRole('status').filter({ hasText: s.eventHandedOver(place) })).toHaveCount(1);
    await expect(success.qrPanel).toHaveCount(0);
    await expect(success.downloadQr).toHaveCount(0);
    await expectJourneyMails(inbox, locale, email, shipment, 2);

    await scan(shipment, 'delivered');
    await expect(steps).toHaveCount(3, { timeout: readyTimeout });
    await expect(steps.nth(2)).toContainText(s.eventDelivered);
    await expectJourneyMails(inbox, locale, email, shipment, 3);
    await expectNoAxeViolations(page);
  });
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  const locale: Locale = 'en';
  const t = texts[locale];
  const s = t.success;

  test(`the sender follows the return with 'check again' (${locale}) @desktop`, async ({
    page,
    browser,
    inbox,
  }) => {
    const email = uniqueEmail();
    await page.goto(`${t.prefix}/returns?token=${ownCopyOf('noDriver')}`);
    const f = formOf(page, t);
    await f.labelPrint.check();
    await fillContact(page, t, { name: 'Jana Nováková', email });
    await f.submit.click();
    const success = successOf(page, t);
    const label = page.getByRole('link', { name: s.downloadLabel, exact: true });
    await checkAgainUntil(page, t, label);
    const steps = stepsOf(page, locale);
    await expect(steps).toHaveCount(1);
    await expect(success.checkAgain).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page, browser);

    const shipment = shipmentOf(acceptedReturnOf(page)?.batchId ?? '');
    await scan(shipment, 'handedOver', place);
    await success.checkAgain.click();
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(1)).toContainText(s.eventHandedOver(place));
    await expect(label).toHaveCount(0);
    await expectJourneyMails(inbox, locale, email, shipment, 2);

    await scan(shipment, 'delivered');
    await success.checkAgain.click();
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(2)).toContainText(s.eventDelivered);
    // Delivered: nothing more to come.
    await expect(success.checkAgain).toHaveCount(0);
    await expectJourneyMails(inbox, locale, email, shipment, 3);
    await expectNoAxeViolationsWithoutScripts(page, browser);
  });
});
