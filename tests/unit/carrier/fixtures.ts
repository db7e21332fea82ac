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

export const tokens = {
  driver: 'demo-kabelky-plzen-driver-pickup',
  noDriver: 'demo-knihkupectvi-no-driver-pickup',
  connect: 'demo-moda-europe-return-connect',
  failing: 'demo-always-failing-test-page',
} as const;
