import type { DatabaseSync } from 'node:sqlite';
import { createReturnPage, updateReturnPage, type NewReturnPage } from './store/returnPages.ts';

/** The demo pages' fixed tokens, by what each page is for; tests and benchmarks use them too. */
export const demoTokens = {
  driver: 'demo-kabelky-plzen-driver-pickup',
  noDriver: 'demo-knihkupectvi-no-driver-pickup',
  connect: 'demo-moda-europe-return-connect',
  failing: 'demo-always-failing-test-page',
} as const;

/**
 * Demo return pages with fixed tokens, so README can list their links. Their Czech recipients are
 * real address points of the embedded Plzeň extract, so the address suggestions know them too.
 * Seeding is idempotent: a page that exists keeps its token and returns, and is brought up to date
 * with its definition here, so a database from an earlier version shows today's demo.
 */
export const demoPages: (NewReturnPage & { token: string; note: string })[] = [
  {
    token: demoTokens.driver,
    note: 'a Czech shop that allows driver pickup',
    title: 'Kabelky Plzeň s.r.o.',
    prepaidDriverPickUp: true,
    returnAddresses: [
      {
        addressType: 'Default',
        name: 'Kabelky Plzeň s.r.o.',
        street: 'Americká 2222/42',
        zipCode: '30100',
        city: 'Plzeň',
        country: 'CZ',
      },
    ],
  },
  {
    token: demoTokens.noDriver,
    note: 'a Czech shop without driver pickup',
    title: 'Knihkupectví U Radnice',
    prepaidDriverPickUp: false,
    returnAddresses: [
      {
        addressType: 'Default',
        name: 'Knihkupectví U Radnice',
        street: 'náměstí Republiky 6/5',
        zipCode: '30100',
        city: 'Plzeň',
        country: 'CZ',
      },
    ],
  },
  {
    token: demoTokens.connect,
    note: 'a shop with a ReturnConnect address for senders abroad',
    title: 'Móda Europe a.s.',
    prepaidDriverPickUp: true,
    returnAddresses: [
      {
        addressType: 'Default',
        name: 'Móda Europe a.s.',
        street: 'Kumberská 12/1',
        zipCode: '31800',
        city: 'Plzeň',
        country: 'CZ',
      },
      {
        addressType: 'ReturnConnect',
        name: 'Móda Europe – ReturnConnect hub',
        street: 'Ulica Hraničná 7',
        zipCode: '82105',
        city: 'Bratislava',
        country: 'SK',
      },
    ],
  },
  {
    token: demoTokens.failing,
    note: 'a test page whose returns always end in Error',
    title: 'Test: failing imports',
    prepaidDriverPickUp: true,
    importOutcome: 'error',
    returnAddresses: [
      {
        addressType: 'Default',
        name: 'Testovací sklad',
        street: 'Skladová 2182/1',
        zipCode: '32600',
        city: 'Plzeň',
        country: 'CZ',
      },
    ],
  },
];

/** Stores the demo pages that are missing and returns all of them. */
export function seedDemoPages(db: DatabaseSync) {
  return demoPages.map((demo) => ({
    ...demo,
    page: updateReturnPage(db, demo.token, demo) ?? createReturnPage(db, demo),
  }));
}

/** The sender's link to a return page: the site's form with the token. */
export function returnLink(siteUrl: string, token: string): string {
  const url = new URL('/returns', siteUrl);
  url.searchParams.set('token', token);
  return url.href;
}
