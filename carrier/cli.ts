import { parseArgs } from 'node:util';
import { countryCodePattern, returnAddressSchema, type ReturnAddress } from '@parcel-returns/contract';
import { openDatabase } from './store/db.ts';
import { createReturnPage, listReturnPages } from './store/returnPages.ts';
import { runAccessPointCommand } from './accessPoints/command.ts';
import { runScan } from './scanCommand.ts';
import { returnLink } from './seed.ts';

const usage = `Usage:
  npm run carrier:cli -- create-page --title TITLE --name NAME --street STREET --zip ZIP --city CITY
        [--country CZ] [--driver-pickup] [--expires 2027-12-31]
        [--connect-name N --connect-street S --connect-zip Z --connect-city C --connect-country SK]
        [--reject-imports] [--db data/carrier.sqlite] [--site-url http://localhost:4321]
  npm run carrier:cli -- list-pages [--db data/carrier.sqlite] [--site-url http://localhost:4321]
  npm run carrier:cli -- scan SHIPMENT_NUMBER EVENT [--place NAME] [--db data/carrier.sqlite]
  npm run carrier:cli -- access-points list [--near ZIP_OR_TOWN] [--labelless] [--db data/carrier.sqlite]
  npm run carrier:cli -- access-points add --code CODE --type shop|locker --name NAME --street STREET
        --zip ZIP --city CITY [--country CZ] --lat 49.74 --lon 13.37 --hours "Mo-Fr 08:00-18:00; Sa 08:00-12:00"
        [--labelless] [--wheelchair] [--max-parcel 120x60x60/31.5] [--db data/carrier.sqlite]

create-page stores a return page with an unguessable token and prints the sender's link.
--connect-* adds a ReturnConnect address, used for senders outside CZ.
scan records a depot scan of a parcel: EVENT is handedOver (--place: the pick-up point; without
it the courier collected the parcel), inTransit, delivered, notCollected or returned. A refused
scan exits with 1 and prints its code (shipmentNotFound, returnNotComplete, eventAlreadyRecorded,
eventOutOfOrder, codeExpired, unknownEvent, placeNotAllowed).
access-points list prints the access points (the demo network is loaded on first use), or the ten
nearest to a postcode or town; add stores a point (or replaces the one with its code). --hours takes
"24/7" or rules such as "Mo-Fr 08:00-18:00; Sa 08:00-12:00"; --max-parcel is length x width x height
in cm / weight in kg.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    name: { type: 'string' },
    street: { type: 'string' },
    zip: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string', default: 'CZ' },
    'driver-pickup': { type: 'boolean', default: false },
    expires: { type: 'string' },
    'connect-name': { type: 'string' },
    'connect-street': { type: 'string' },
    'connect-zip': { type: 'string' },
    'connect-city': { type: 'string' },
    'connect-country': { type: 'string' },
    'reject-imports': { type: 'boolean', default: false },
    place: { type: 'string' },
    near: { type: 'string' },
    code: { type: 'string' },
    type: { type: 'string' },
    lat: { type: 'string' },
    lon: { type: 'string' },
    hours: { type: 'string' },
    labelless: { type: 'boolean', default: false },
    wheelchair: { type: 'boolean', default: false },
    'max-parcel': { type: 'string' },
    db: { type: 'string', default: process.env['CARRIER_DB_PATH'] || 'data/carrier.sqlite' },
    'site-url': { type: 'string', default: process.env['SITE_URL'] || 'http://localhost:4321' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function address(type: ReturnAddress['addressType'], prefix: '' | 'connect-'): ReturnAddress {
  const get = (key: string) => values[`${prefix}${key}` as keyof typeof values] as string | undefined;
  const result = returnAddressSchema.safeParse({
    addressType: type,
    name: get('name'),
    street: get('street'),
    zipCode: get('zip'),
    city: get('city'),
    country: (get('country') ?? (prefix ? undefined : 'CZ'))?.toUpperCase(),
  });
  if (!result.success) {
    fail(
      `Invalid ${prefix ? 'ReturnConnect' : 'Default'} address: ${result.error.issues.map((i) => `--${prefix}${String(i.path[0])}`).join(', ')}`,
    );
  }
  return result.data;
}

const [command] = positionals;
if (values.help || !command) {
  console.log(usage);
  process.exit(command ? 0 : 2);
}
const db = openDatabase(values.db);
if (command === 'list-pages') {
  for (const page of listReturnPages(db))
    console.log(`${returnLink(values['site-url'], page.token)}    ${page.title}`);
} else if (command === 'create-page') {
  if (!values.title?.trim()) fail('--title is required.');
  const addresses = [address('Default', '')];
  if (values['connect-name'] !== undefined) addresses.push(address('ReturnConnect', 'connect-'));
  if (values.country && !countryCodePattern.test(values.country.toUpperCase()))
    fail('--country must be an ISO code such as CZ.');
  const expiresAt = values.expires ? new Date(values.expires) : undefined;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) fail('--expires must be a date such as 2027-12-31.');
  const page = createReturnPage(db, {
    title: values.title.trim(),
    prepaidDriverPickUp: values['driver-pickup'],
    returnAddresses: addresses,
    importOutcome: values['reject-imports'] ? 'error' : 'complete',
    expiresAt,
  });
  console.log(returnLink(values['site-url'], page.token));
} else if (command === 'scan') {
  const [, shipmentNumber, event] = positionals;
  if (!shipmentNumber || !event) fail('scan needs a SHIPMENT_NUMBER and an EVENT.');
  const outcome = runScan(db, shipmentNumber, event, values.place);
  if (outcome.ok) console.log(outcome.message);
  else {
    console.error(`${outcome.code}: ${outcome.message}`);
    process.exitCode = 1;
  }
} else if (command === 'access-points') {
  const outcome = runAccessPointCommand(db, positionals[1], values);
  if (outcome.ok) console.log(outcome.message);
  else if (outcome.usage) fail(outcome.message);
  else {
    console.error(outcome.message);
    process.exitCode = 1;
  }
} else {
  fail(`Unknown command: ${command}`);
}
db.close();
