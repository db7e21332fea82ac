import { describe, expect, it } from 'vitest';
import { translations } from '../../src/i18n/index.ts';
import { messageText } from '../../src/islands/returnForm/strings.ts';
import type { ReturnAddress } from '@parcel-returns/contract';
import { creationRequestSchema } from '@parcel-returns/contract';
import { locales } from '../../src/lib/locales.ts';
import { formErrorsOf, toCreationRequest } from '../../src/lib/creationRequest.ts';
import {
  driverPickupAllowed,
  driverPickupCountries,
  forcedChoices,
  labellessAllowed,
  recipientAddress,
} from '../../src/lib/rules.ts';
import { emptySenderForm, type SenderFormValues } from '../../src/lib/senderForm.ts';
import { senderFormSchema } from '../../src/lib/senderFormSchema.ts';

const filled: SenderFormValues = {
  ...emptySenderForm,
  name: '  Jana Nováková ',
  street: ' Kumberská 12/1   ',
  city: 'Plzeň  ',
  zipCode: '318 00 ',
  email: ' jana@example.cz ',
  phone: '',
  customerReference: '',
  termsAccepted: true,
  termsAcceptedBussiness: true,
};

const home: ReturnAddress = {
  addressType: 'Default',
  name: 'Shop',
  street: 'A 1',
  zipCode: '30100',
  city: 'Plzeň',
  country: 'CZ',
};
const connect: ReturnAddress = {
  addressType: 'ReturnConnect',
  name: 'Hub',
  street: 'B 2',
  zipCode: '82105',
  city: 'Bratislava',
  country: 'SK',
};

describe('business rules (spec §4, §9)', () => {
  it('offers driver pickup only when the page allows it and the country is in the list', () => {
    expect(driverPickupCountries).toEqual(['CZ', 'SK', 'HU', 'PL', 'ES', 'PT', 'LT', 'LV']);
    for (const country of driverPickupCountries) expect(driverPickupAllowed(true, country)).toBe(true);
    for (const country of ['DE', 'AT', 'FR', 'US', ''])
      expect(driverPickupAllowed(true, country)).toBe(false);
    expect(driverPickupAllowed(false, 'CZ')).toBe(false);
  });

  it('allows the label-less QR code only for CZ', () => {
    expect(labellessAllowed('CZ')).toBe(true);
    expect(['SK', 'DE', 'PL'].map(labellessAllowed)).toEqual([false, false, false]);
  });

  it('forces the printed label outside CZ and the pick-up point outside the driver list', () => {
    expect(forcedChoices({ country: 'SK', labelType: 'qr', handover: 'driver' }, true)).toEqual({
      labelType: 'label',
    });
    expect(forcedChoices({ country: 'DE', labelType: 'qr', handover: 'driver' }, true)).toEqual({
      labelType: 'label',
      handover: 'pickupPoint',
    });
    expect(forcedChoices({ country: 'CZ', labelType: 'qr', handover: 'driver' }, false)).toEqual({
      handover: 'pickupPoint',
    });
    expect(forcedChoices({ country: 'CZ', labelType: 'qr', handover: 'driver' }, true)).toEqual({});
  });

  it('sends senders abroad to the ReturnConnect address when there is one', () => {
    expect(recipientAddress([home, connect], 'CZ')).toBe(home);
    expect(recipientAddress([home, connect], 'SK')).toBe(connect);
    expect(recipientAddress([home, connect], 'DE')).toBe(connect);
    expect(recipientAddress([home], 'DE')).toBe(home);
    expect(recipientAddress([connect, home], 'CZ')).toBe(home);
  });
});

describe('creation request (spec §3)', () => {
  it('maps the form exactly: trimmed ends, name2 unset, contact = name, choices as flags', () => {
    const request = toCreationRequest(
      { ...filled, labelType: 'qr', handover: 'driver', customerReference: ' OBJ-7 ' },
      'tok',
    );
    expect(request).toEqual({
      base64Token: 'tok',
      prepaidDriverPickUp: true,
      labelless: true,
      sender: {
        street: ' Kumberská 12/1',
        zipCode: '318 00',
        city: 'Plzeň',
        country: 'CZ',
        email: 'jana@example.cz',
        name: 'Jana Nováková',
        contact: 'Jana Nováková',
      },
      customerReference: 'OBJ-7',
    });
    expect(request.sender).not.toHaveProperty('name2');
  });

  it('gives a printed pick-up-point return false flags and keeps a phone', () => {
    const request = toCreationRequest(
      { ...filled, labelType: 'label', handover: 'pickupPoint', phone: ' +420 777 ' },
      'tok',
    );
    expect(request).toMatchObject({
      prepaidDriverPickUp: false,
      labelless: false,
      sender: { phone: '+420 777' },
    });
    expect(request).not.toHaveProperty('customerReference');
  });

  it('produces what the server accepts', () => {
    const token = 'demo-kabelky-plzen-driver-pickup';
    expect(creationRequestSchema.safeParse(toCreationRequest(filled, token)).success).toBe(true);
  });

  it('names the form’s fields behind the paths a refusal gives, with messages the form has', () => {
    const request = toCreationRequest({ ...filled, email: 'jana@example' }, 'demo-kabelky-plzen');
    const refused = creationRequestSchema.safeParse({ ...request, sender: { ...request.sender, city: ' ' } });
    expect(refused.success).toBe(false);
    const paths = (refused.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.') }));
    expect(formErrorsOf(paths)).toEqual({ email: 'errorRefused', city: 'errorRefused' });
    expect(
      formErrorsOf([{ path: 'labelless' }, { path: 'prepaidDriverPickUp' }, { path: 'sender.contact' }]),
    ).toEqual({ labelType: 'errorQrUnavailable', handover: 'errorDriverUnavailable', name: 'errorRefused' });
    // A path the form has no field for (the token) names none: the form then says the creation failed.
    expect(formErrorsOf([{ path: 'base64Token' }, { path: 'sender.name2' }])).toEqual({});
    const strings = translations('en').form;
    for (const key of ['errorRefused', 'errorQrUnavailable', 'errorDriverUnavailable'])
      expect(messageText(strings, key)).not.toBe(key);
  });
});

describe('validation (spec §5) with its messages in both languages', () => {
  const messages = (values: SenderFormValues) => {
    const result = senderFormSchema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a complete form', () => {
    expect(messages(filled)).toEqual({});
  });

  it('requires name, street, city, zip, e-mail and both terms, blank after trimming counts as empty', () => {
    expect(messages({ ...emptySenderForm, name: '   ' })).toEqual({
      name: 'errorRequired',
      street: 'errorRequired',
      city: 'errorRequired',
      zipCode: 'errorRequired',
      email: 'errorRequired',
      termsAccepted: 'errorTerms',
      termsAcceptedBussiness: 'errorTerms',
    });
  });

  it('checks the e-mail pattern and the phone length', () => {
    for (const email of ['jana', 'jana@', 'jana@example', 'ja na@example.cz', '@example.cz']) {
      expect(messages({ ...filled, email })).toEqual({ email: 'errorEmail' });
    }
    expect(messages({ ...filled, phone: '1'.repeat(30) })).toEqual({});
    expect(messages({ ...filled, phone: '1'.repeat(31) })).toEqual({ phone: 'errorPhone' });
  });

  it('gives only messages the form can show, in Czech and in English', () => {
    // One of each way a form goes wrong, beside zod's own checks, whose default messages would
    // reach the sender as they are if the schema forgot to name one of ours.
    const wrong: SenderFormValues[] = [
      { ...emptySenderForm, country: '' },
      { ...filled, email: 'jana@' },
      { ...filled, phone: '1'.repeat(31) },
      { ...filled, name: 'J'.repeat(101) },
      { ...filled, city: 'Plzeň\u001b[2J' },
    ];
    const keys = [...new Set(wrong.flatMap((values) => Object.values(messages(values))))].sort();
    expect(keys).toEqual([
      'errorCharacters',
      'errorEmail',
      'errorPhone',
      'errorRequired',
      'errorTerms',
      'errorTooLong',
    ]);
    for (const locale of locales) {
      const form = translations(locale).form;
      // A key the dictionary lacks comes back as it is; an empty text would show nothing.
      const unshown = [...keys, 'errorSummary'].filter((key) => {
        const text = messageText(form, key);
        return !text?.trim() || text === key;
      });
      expect(unshown, `messages ${locale} has no text for`).toEqual([]);
    }
  });
});
