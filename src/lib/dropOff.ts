/**
 * 'Where to take it': the drop-off places of a return on its sent page. One set of rules for the
 * server's render, the site's endpoint and the island: what a search for a place reads as, which
 * places a return may use, and how a place's distance, hours and map link are written.
 */
import type { AccessPoint, AccessPoints } from '@parcel-returns/contract';
import type { Culture } from './locales.ts';

/** How many places the page and the endpoint show, and how far from the place they may be. */
export const dropOffLimit = 5;
export const dropOffRadiusMetres = 30_000;

/** A search typed into 'Postcode or town', as the carrier is asked for it. */
export type NearQuery = { zipCode: string } | { city: string };

/** The most a search may be; longer is not a Czech postcode or town. */
export const nearMaxLength = 60;

/** A postcode ('301 00', '30100') or a town's name; undefined for an empty or unusable search. */
export function nearQueryOf(text: string | null | undefined): NearQuery | undefined {
  const near = (text ?? '').replace(/\s+/g, ' ').trim();
  // Control, bidi and other invisible characters are never part of a place's name.
  if (near === '' || near.length > nearMaxLength || /[\p{C}]/u.test(near)) return undefined;
  const zip = near.replace(/\s/g, '');
  if (/^\d{5}$/.test(zip)) return { zipCode: zip };
  if (/\d/.test(near) && !/\p{L}/u.test(near)) return undefined;
  return { city: near };
}

/** What the 'Where to take it' section shows. */
export type DropOff =
  /** The places nearest to `near`, as the carrier found them at `at` (ms), whose hours are told for that moment. */
  | { kind: 'places'; near: string; found: AccessPoints; at: number }
  /** A search that is not a postcode or town, or none at all (a sender abroad): the search and the map links. */
  | { kind: 'ask'; near: string }
  /** The carrier knows no such postcode or town. */
  | { kind: 'placeNotFound'; near: string }
  /** The carrier has no access-point extension, or it failed: the spec's map links. */
  | { kind: 'unsupported'; near: string };

export interface AccessPointAnswer {
  origin: AccessPoints['origin'];
  accessPoints: AccessPoint[];
}

/** Today's hours of a place at `now`, in its own time zone. */
export type OpenState =
  | { kind: 'nonstop' }
  | { kind: 'openUntil'; time: string }
  | { kind: 'opensAt'; time: string }
  | { kind: 'closedToday' };

const weekdayNumbers: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday and the 'HH:MM' of `now` in `timeZone`. */
function localClock(now: number, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: weekdayNumbers[part('weekday')] ?? 1, time: `${part('hour')}:${part('minute')}` };
}

/** Whether a place is open at `now`, and until when, or when it opens today. */
export function openState(point: Pick<AccessPoint, 'openingHours' | 'timeZone'>, now: number): OpenState {
  const { day, time } = localClock(now, point.timeZone);
  const today = point.openingHours.filter((hours) => hours.day === day);
  if (today.some((hours) => hours.opens === '00:00' && hours.closes === '24:00')) return { kind: 'nonstop' };
  const open = today.find((hours) => hours.opens <= time && time < hours.closes);
  if (open) return { kind: 'openUntil', time: open.closes };
  const later = today.filter((hours) => time < hours.opens).sort((a, b) => a.opens.localeCompare(b.opens))[0];
  return later ? { kind: 'opensAt', time: later.opens } : { kind: 'closedToday' };
}

/** A place's 'HH:MM' written as the language writes times of day ('19:00', '7:00 pm'). */
export function formatClock(time: string, culture: Culture): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(culture, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours % 24, minutes),
  );
}

/** A distance as the language writes it: '850 m', '1,4 km'. */
export function formatDistance(metres: number, culture: Culture): string {
  if (metres < 1000)
    return new Intl.NumberFormat(culture, { style: 'unit', unit: 'meter' }).format(
      Math.max(10, Math.round(metres / 10) * 10),
    );
  return new Intl.NumberFormat(culture, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: metres < 10_000 ? 1 : 0,
  }).format(metres / 1000);
}

/** The place on a public map, as a plain link: only the place's own position goes in it. */
export function mapLinkOf(point: Pick<AccessPoint, 'position'>): string {
  const { latitude, longitude } = point.position;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

/** The largest parcel a place takes, as '60 × 40 × 40 cm, 15 kg'. */
export function formatMaxParcel(point: Pick<AccessPoint, 'maxParcel'>, culture: Culture): string {
  const { lengthCm, widthCm, heightCm, weightKg } = point.maxParcel;
  const number = new Intl.NumberFormat(culture);
  const kg = new Intl.NumberFormat(culture, { style: 'unit', unit: 'kilogram' }).format(weightKg);
  return `${[lengthCm, widthCm, heightCm].map((n) => number.format(n)).join(' × ')} cm, ${kg}`;
}

/**
 * Where a new return's sent page searches from: the sender's postcode in Czechia, whose position the
 * carrier knows from its address data; none abroad, where the page asks. Only the postcode, never
 * the street: the page's address is shown as a QR code and may be opened on another device.
 */
export function nearOfSender(sender: { country: string; zipCode: string }): string | undefined {
  const query = sender.country === 'CZ' ? nearQueryOf(sender.zipCode) : undefined;
  return query && 'zipCode' in query ? query.zipCode : undefined;
}
