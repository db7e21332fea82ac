import { emptySenderForm, type SenderFormValues } from '../../src/lib/senderForm.ts';

/** A sender form filled in as the schema accepts it: a Czech sender, QR code, pick-up point, no options. */
export const filled: SenderFormValues = {
  ...emptySenderForm,
  name: 'Jana Nováková',
  street: 'Kumberská 12/1',
  city: 'Plzeň',
  zipCode: '318 00',
  email: 'jana@example.cz',
  termsAccepted: true,
  termsAcceptedBussiness: true,
};
