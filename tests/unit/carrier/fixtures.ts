/** A sender as the form would send it. */
export const sender = {
  name: 'Jana Nováková',
  contact: 'Jana Nováková',
  street: 'Kumberská 12/1',
  zipCode: '31800',
  city: 'Plzeň',
  country: 'CZ',
  email: 'jana.novakova@example.cz',
  phone: '+420 777 123 456',
};

/** The seeded demo return pages' tokens. */
export { demoTokens as tokens } from '../../../carrier/seed.ts';
