import { DatabaseSync } from 'node:sqlite';
import { expect, type Locator, type Page } from '@playwright/test';
import { searchAccessPoints } from '../../carrier/accessPoints/search.ts';
import { translations } from '../../src/i18n/index.ts';
import type { AccessPoint } from '@parcel-returns/contract';
import { dropOffLimit, dropOffRadiusMetres, formatClock, openState } from '../../src/lib/dropOff.ts';
import { cultures, type Locale } from '../../src/lib/locales.ts';
import { carrierDbPath } from '../hosting/ports.ts';

/**
 * 'Where to take it' on the sent page, read as a sender reads it (the region by its heading, each
 * place by its name's heading), and what the carrier itself answers for a place, read from the
 * e2e carrier's database with its own search: the list a page must show.
 */
export function dropOffOf(page: Page, locale: Locale) {
  const d = translations(locale).dropOff;
  const region = page.getByRole('region', { name: d.title() });
  return {
    region,
    places: region.locator('.drop-off__list > li'),
    names: region.getByRole('heading', { level: 4 }),
    search: region.getByRole('textbox', { name: d.searchLabel() }),
    searchButton: region.getByRole('button', { name: d.searchButton() }),
  };
}

/** The carrier's places nearest to a postcode or town, as the page asks for them. */
export function expectedPlaces(
  near: { zipCode: string } | { city: string },
  labelless: boolean,
): AccessPoint[] {
  const db = new DatabaseSync(carrierDbPath, { readOnly: true });
  try {
    const found = searchAccessPoints(db, {
      country: 'CZ',
      ...near,
      labelless,
      radiusMetres: dropOffRadiusMetres,
      limit: dropOffLimit,
    });
    if (!found) throw new Error(`the carrier knows no ${JSON.stringify(near)}`);
    return found.accessPoints;
  } finally {
    db.close();
  }
}

/** Today's hours of a place as the page says them now. */
export function hoursText(point: AccessPoint, locale: Locale, now = Date.now()): string {
  const d = translations(locale).dropOff;
  const culture = cultures[locale];
  const state = openState(point, now);
  if (state.kind === 'nonstop') return d.nonstop();
  if (state.kind === 'openUntil') return d.openUntil({ time: formatClock(state.time, culture) });
  if (state.kind === 'opensAt') return d.opensAt({ time: formatClock(state.time, culture) });
  return d.closedToday();
}

/** The page lists exactly `expected`, in order, each with its hours of today and a map link. */
export async function expectPlaces(
  list: ReturnType<typeof dropOffOf>,
  expected: AccessPoint[],
  locale: Locale,
) {
  expect(expected.length).toBeGreaterThan(0);
  await expect(list.names).toHaveText(expected.map((point) => point.name));
  for (const [index, point] of expected.entries()) {
    const place: Locator = list.places.nth(index);
    await expect(place).toContainText(hoursText(point, locale));
    await expect(
      place.getByRole('link', { name: translations(locale).dropOff.onMapName({ name: point.name }) }),
    ).toHaveAttribute(
      'href',
      new RegExp(
        `^https://www\\.openstreetmap\\.org/\\?mlat=${point.position.latitude}&mlon=${point.position.longitude}`,
      ),
    );
  }
}
