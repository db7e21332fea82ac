import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { openForm } from './formPage.ts';
import { startsWith, texts, type Locale, type Texts } from './senderTexts.ts';

/** The form's fields and controls, by role and accessible name, on either path (island or plain form). */
export function formOf(page: Page, t: Texts) {
  return {
    /** The country field: a native list until the sender reaches for it, then the searchable list's input. */
    countryField: page.locator('#country'),
    countryNative: page
      .getByRole('combobox', { name: t.countryLabel, exact: true })
      .and(page.locator('select')),
    countryHelp: page.getByRole('button', { name: t.countryHelp, exact: true }),
    countryCombobox: page.getByRole('combobox', { name: t.countryLabel }),
    countrySection: page.getByRole('region', { name: t.sectionCountry }),
    labelPrint: page.getByRole('radio', { name: startsWith(t.labelPrint) }),
    labelQr: page.getByRole('radio', { name: startsWith(t.labelQr) }),
    needs: page.getByRole('heading', { name: t.needTitle }).locator('xpath=following-sibling::ul'),
    pickup: page.getByRole('radio', { name: startsWith(t.handoverPickup) }),
    driver: page.getByRole('radio', { name: startsWith(t.handoverDriver) }),
    recipient: page.getByRole('region', { name: t.recipient }),
    name: page.getByRole('textbox', { name: t.name, exact: true }),
    street: page.getByRole('combobox', { name: t.street, exact: true }),
    zipCode: page.getByRole('combobox', { name: t.zipCode, exact: true }),
    city: page.getByRole('combobox', { name: t.city, exact: true }),
    email: page.getByRole('textbox', { name: t.email, exact: true }),
    phone: page.getByRole('textbox', { name: t.phone, exact: true }),
    reference: page.getByRole('textbox', { name: t.reference, exact: true }),
    termsPersons: page.getByRole('checkbox', { name: t.termsPersons }),
    termsCompanies: page.getByRole('checkbox', { name: t.termsCompanies }),
    submit: page.getByRole('button', { name: t.submit, exact: true }),
    errorSummary: page.getByRole('alert').filter({ hasText: t.errorSummary }),
    suggestions: page.getByRole('listbox', { name: t.suggestions }),
  };
}

/** A fresh mailbox per test, so the inbox of a reused carrier database never mixes runs. */
export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A sender as the tests fill the form in: who, where the label goes, and the two choices. */
interface Sender {
  name: string;
  email: string;
  labelType: 'label' | 'qr';
  handover: 'pickupPoint' | 'driver';
}

/** The sender a test gets when it names nothing: a printed label to a pick-up point, a fresh address. */
function senderWith(choices: Partial<Sender>): Sender {
  return {
    name: 'Jan Dvořák',
    email: uniqueEmail(),
    labelType: 'label',
    handover: 'pickupPoint',
    ...choices,
  };
}

/**
 * Fills the form as a sender would: the choices (confirming the paid driver pickup), the contact
 * data and both terms. What `choices` leaves out is the default sender's; returns the sender used.
 */
async function fillForm(page: Page, t: Texts, choices: Partial<Sender> = {}): Promise<Sender> {
  const sender = senderWith(choices);
  const f = formOf(page, t);
  await (sender.labelType === 'label' ? f.labelPrint : f.labelQr).check();
  if (sender.handover === 'driver') {
    await f.driver.click();
    const dialog = page.getByRole('dialog', { name: t.paidTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t.paidText);
    await dialog.getByRole('button', { name: t.paidConfirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(f.driver).toBeChecked();
  } else {
    await f.pickup.check();
  }
  await fillContact(page, t, sender);
  return sender;
}

/** Opens a link's form, waits for its island, and fills it in (see `fillForm`); returns the sender used. */
export async function openFilledForm(
  page: Page,
  locale: Locale,
  token: string,
  choices: Partial<Sender> = {},
): Promise<Sender> {
  await openForm(page, locale, token);
  return fillForm(page, texts[locale], choices);
}

/** The contact data and both terms, typed in whole (no suggestion taken): all a form without scripts gets. */
export async function fillContact(
  page: Page,
  t: Texts,
  sender: { name: string; email: string },
): Promise<void> {
  const f = formOf(page, t);
  await f.name.fill(sender.name);
  await f.street.fill('Kumberská 12/1');
  await f.zipCode.fill('31800');
  await f.city.fill('Plzeň');
  await f.email.fill(sender.email);
  await f.termsPersons.check();
  await f.termsCompanies.check();
}

/** A valid sender, typed with the pointer allowed. */
export async function fillValidSender(page: Page, t: Texts): Promise<void> {
  await fillContact(page, t, { name: 'Jana Nováková', email: uniqueEmail() });
}
