/**
 * Builds the demo network of access points and the place index from a RÚIAN export (see
 * shared/data/ruian/README.md), deterministically: the same export always gives the same files.
 *
 *   npm run carrier:places -- path/to/ruian-adresni-mista-20231231.tar.xz
 *
 * writes `carrier/data/access-points-demo.json` (a few hundred invented shops and lockers at real
 * addresses, every code starting with DEMO) and `carrier/data/places-cz.json.gz` (the position of
 * every postcode and municipality: the mean of its address points). Positions are converted from
 * S-JTSK to WGS84 with proj4 (position.ts).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readAddressSource } from '../addresses/sources.ts';
import { formatHouseNumber, type AddressPoint } from '../addresses/ruianCsv.ts';
import type { AccessPointType, OpeningHours } from '@parcel-returns/contract';
import { fromSjtsk } from './position.ts';
import { demoSource, type DemoNetwork, type PlaceIndex } from './data.ts';

/** A municipality gets one place per this many address points, at most `perTownMax`. */
const pointsPerPlace = 1800;
const perTownMax = 12;

/** Two independent 32-bit hashes of an address point's code: which points, and what each is. */
const pick = (code: number) => Math.imul(code ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
const trait = (code: number) => Math.imul((code + 0x7f4a7c15) ^ (code >>> 15), 0x85ebca6b) >>> 0;

interface Sum {
  name: string;
  y: number;
  x: number;
  n: number;
}

interface Town extends Sum {
  /** The candidates with the lowest `pick` hash, at most perTownMax, lowest first. */
  candidates: AddressPoint[];
}

const shopKinds = ['Trafika', 'Papírnictví', 'Potraviny', 'Drogerie', 'Květinářství', 'Večerka', 'Knihy'];

const weekdays = [1, 2, 3, 4, 5];
const days = (list: number[], opens: string, closes: string): OpeningHours =>
  list.map((day) => ({ day, opens, closes }));
const shopHours: OpeningHours[] = [
  [...days(weekdays, '08:00', '18:00'), ...days([6], '08:00', '12:00')],
  [...days(weekdays, '07:00', '19:00'), ...days([6, 7], '09:00', '17:00')],
  [...days([...weekdays, 6], '09:00', '20:00'), ...days([7], '10:00', '18:00')],
  [...days(weekdays, '06:30', '17:00')],
];
const lockerHours = days([1, 2, 3, 4, 5, 6, 7], '00:00', '24:00');

function addTo(sums: Map<string, Sum>, key: string, name: string, sjtsk: { y: number; x: number }): void {
  const sum = sums.get(key) ?? { name, y: 0, x: 0, n: 0 };
  sum.y += sjtsk.y;
  sum.x += sjtsk.x;
  sum.n += 1;
  sums.set(key, sum);
}

/** Reads the export and builds both files' contents. */
export async function buildDemoNetwork(
  source: string,
): Promise<{ network: DemoNetwork; places: PlaceIndex }> {
  const towns = new Map<number, Town>();
  const zips = new Map<string, Sum>();
  await readAddressSource(source, (points) => {
    for (const point of points) {
      if (!point.sjtsk) continue;
      addTo(zips, point.zipCode, point.zipCode, point.sjtsk);
      let town = towns.get(point.municipality);
      if (!town) {
        town = { name: point.city, y: 0, x: 0, n: 0, candidates: [] };
        towns.set(point.municipality, town);
      }
      town.y += point.sjtsk.y;
      town.x += point.sjtsk.x;
      town.n += 1;
      // Points with a street name: a shop's address reads as one ('Americká 42', not a village part).
      const { candidates } = town;
      const hash = pick(point.code);
      if (candidates.length < perTownMax || hash < pick(candidates.at(-1)?.code ?? 0)) {
        candidates.push(point);
        candidates.sort((a, b) => pick(a.code) - pick(b.code) || a.code - b.code);
        if (candidates.length > perTownMax) candidates.pop();
      }
    }
  });
  const centre = (sum: Sum) => fromSjtsk({ y: sum.y / sum.n, x: sum.x / sum.n });
  const byCode = [...towns.entries()].sort(([a], [b]) => a - b);
  const accessPoints: DemoNetwork['accessPoints'] = [];
  for (const [, town] of byCode) {
    const count = Math.min(perTownMax, Math.floor(town.n / pointsPerPlace));
    for (const point of town.candidates.slice(0, count)) {
      const t = trait(point.code);
      const type: AccessPointType = t % 5 < 2 ? 'locker' : 'shop';
      const house = formatHouseNumber(point.houseNumber, point.evidence);
      const street = `${point.street} ${house}${point.referenceNumber ? `/${point.referenceNumber}` : ''}`;
      const position = fromSjtsk(point.sjtsk ?? { y: 0, x: 0 });
      accessPoints.push({
        code: `DEMO${String(accessPoints.length + 1).padStart(4, '0')}`,
        type,
        name:
          type === 'locker'
            ? `Parcelo Box ${point.street}`
            : `${shopKinds[(t >>> 3) % shopKinds.length]} ${point.street}`,
        address: { street, zipCode: point.zipCode, city: point.city, country: 'CZ' },
        position,
        openingHours: type === 'locker' ? lockerHours : (shopHours[(t >>> 6) % shopHours.length] ?? []),
        labelless: type === 'locker' || (t >>> 9) % 10 < 6,
        maxParcel:
          type === 'locker'
            ? { lengthCm: 60, widthCm: 40, heightCm: 40, weightKg: 15 }
            : { lengthCm: 120, widthCm: 60, heightCm: 60, weightKg: (t >>> 12) % 2 ? 31.5 : 20 },
        wheelchairAccessible: (t >>> 13) % 10 < (type === 'locker' ? 7 : 5),
      });
    }
  }
  const places: PlaceIndex = {
    source: demoSource,
    zipCodes: [...zips.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([zip, sum]) => [zip, ...latLon(centre(sum)), sum.n]),
    towns: byCode.map(([code, town]) => [code, town.name, ...latLon(centre(town)), town.n]),
  };
  return { network: { source: demoSource, demo: true, accessPoints }, places };
}

const latLon = (p: { latitude: number; longitude: number }) => [p.latitude, p.longitude] as const;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2];
  if (!source) {
    console.error('Usage: npm run carrier:places -- path/to/ruian-adresni-mista-20231231.tar.xz');
    process.exit(2);
  }
  const started = performance.now();
  const { network, places } = await buildDemoNetwork(source);
  const data = (name: string) => fileURLToPath(new URL(`../data/${name}`, import.meta.url));
  // One point a line: the file reads and diffs as a list.
  const lines = network.accessPoints.map((point) => JSON.stringify(point)).join(',\n');
  const head = JSON.stringify({ source: network.source, demo: network.demo }).slice(0, -1);
  writeFileSync(data('access-points-demo.json'), `${head},"accessPoints":[\n${lines}\n]}\n`);
  writeFileSync(data('places-cz.json.gz'), gzipSync(JSON.stringify(places), { level: 9 }));
  const lockers = network.accessPoints.filter((p) => p.type === 'locker').length;
  console.log(
    `${network.accessPoints.length} access points (${lockers} lockers) in ${new Set(network.accessPoints.map((p) => p.address.city)).size} towns; ` +
      `${places.zipCodes.length} postcodes, ${places.towns.length} municipalities; ${Math.round(performance.now() - started)} ms`,
  );
}
