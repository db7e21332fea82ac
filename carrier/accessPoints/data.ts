/**
 * The two files the demo network ships as (built by generate.ts from RÚIAN): the access points, and
 * the place index that turns a postcode or a town into a position.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { AccessPoint } from '@parcel-returns/contract';

/** The attribution RÚIAN's licence asks for, carried by both files. */
export const demoSource = 'Zdroj: ČÚZK, RÚIAN (stav k 31. 12. 2023), CC BY 4.0';

/** An access point as stored: everything but what a search adds (its distance) or the carrier sets (its time zone). */
export type StoredAccessPoint = Omit<AccessPoint, 'distance' | 'timeZone'>;

export interface DemoNetwork {
  source: string;
  /** The shops and lockers are invented: real addresses, made-up places. */
  demo: true;
  accessPoints: StoredAccessPoint[];
}

export interface PlaceIndex {
  source: string;
  /** Postcode, latitude, longitude, address points. */
  zipCodes: [string, number, number, number][];
  /** Municipality code, name, latitude, longitude, address points. */
  towns: [number, string, number, number, number][];
}

const dataFile = (name: string) => fileURLToPath(new URL(`../data/${name}`, import.meta.url));

export const demoNetworkFile = dataFile('access-points-demo.json');
export const placesFile = dataFile('places-cz.json.gz');

export const readDemoNetwork = (): DemoNetwork =>
  JSON.parse(readFileSync(demoNetworkFile, 'utf8')) as DemoNetwork;

export const readPlaces = (): PlaceIndex =>
  JSON.parse(gunzipSync(readFileSync(placesFile)).toString('utf8')) as PlaceIndex;
