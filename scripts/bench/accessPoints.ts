/**
 * Times the access-point search over the whole demo network, beside the address suggestions
 * (scripts/bench-addresses.ts): searches by postcode and by town, drawn with a fixed seed from the
 * place index, half of them for a label-less return, as the sent page asks (five places within
 * 30 km). Timed in process, and through the carrier's `GET /AccessPoint` on a loopback port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseSync } from 'node:sqlite';
import { readPlaces } from '../../carrier/accessPoints/data.ts';
import { searchAccessPoints } from '../../carrier/accessPoints/search.ts';
import {
  ensureAccessPointSchema,
  listAccessPoints,
  seedAccessPoints,
} from '../../carrier/accessPoints/store.ts';
import { createCarrierListener } from '../../carrier/http/app.ts';
import { silentLogger } from '../../carrier/log.ts';
import { dropOffLimit, dropOffRadiusMetres } from '../../src/lib/dropOff.ts';

export interface AccessPointTimings {
  points: number;
  searches: number;
  inProcess: number[];
  route: number[];
}

/** The searches, drawn with mulberry32 from the postcodes and municipalities of the index. */
function searches(count: number, seed: number): ({ zipCode: string } | { city: string })[] {
  const { zipCodes, towns } = readPlaces();
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () =>
    random() < 0.5
      ? { zipCode: zipCodes[Math.floor(random() * zipCodes.length)]?.[0] ?? '30100' }
      : { city: towns[Math.floor(random() * towns.length)]?.[1] ?? 'Plzeň' },
  );
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

/** The figures as the bench's report reads them back. */
export const timingLine = (label: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (share: number) => percentile(sorted, share).toFixed(2);
  return `${label} ms: p50 ${at(0.5)}  p95 ${at(0.95)}  p99 ${at(0.99)}  max ${at(1)}`;
};

export async function timeAccessPoints(db: DatabaseSync, count = 2000): Promise<AccessPointTimings> {
  ensureAccessPointSchema(db);
  seedAccessPoints(db);
  const points = listAccessPoints(db).length;
  const queries = searches(count + 200, 20231231);
  const inProcess: number[] = [];
  for (const [index, near] of queries.entries()) {
    const started = performance.now();
    searchAccessPoints(db, {
      country: 'CZ',
      ...near,
      labelless: index % 2 === 0,
      limit: dropOffLimit,
      radiusMetres: dropOffRadiusMetres,
    });
    if (index >= 200) inProcess.push(performance.now() - started);
  }
  const apiKey = 'bench-key-0123456789abcdef';
  const listener = createCarrierListener({
    db,
    apiKey,
    log: silentLogger,
    onCreated: () => {},
    inbox: false,
    accessPoints: true,
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/AccessPoint`;
  const route: number[] = [];
  try {
    for (const [index, near] of queries.entries()) {
      const query = new URLSearchParams({
        CountryCode: 'CZ',
        ...('zipCode' in near ? { ZipCode: near.zipCode } : { City: near.city }),
        Limit: String(dropOffLimit),
        Radius: String(dropOffRadiusMetres),
        ...(index % 2 === 0 && { Labelless: 'true' }),
      });
      const started = performance.now();
      const res = await fetch(`${base}?${query}`, { headers: { 'X-Api-Key': apiKey } });
      await res.arrayBuffer();
      if (index >= 200) route.push(performance.now() - started);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { points, searches: count, inProcess, route };
}
