/**
 * Positions of the access points: WGS84 latitude and longitude in degrees, as real carrier APIs and
 * every public map take them. RÚIAN gives S-JTSK (EPSG:5514, Křovák) in metres; proj4 converts them
 * with the EPSG definition, whose seven-parameter datum shift to WGS84 is the one ČÚZK publishes
 * (about a metre off at worst, plenty for 'which shop is nearest').
 */
import proj4 from 'proj4';

export interface Position {
  latitude: number;
  longitude: number;
}

const sjtsk =
  '+proj=krovak +lat_0=49.5 +lon_0=24.83333333333333 +alpha=30.28813972222222 +k=0.9999 +x_0=0 +y_0=0 ' +
  '+ellps=bessel +towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56 +units=m +no_defs';
const toWgs84 = proj4(sjtsk, 'WGS84');

/** A RÚIAN point (`Souřadnice Y`, `Souřadnice X`, both positive) in WGS84, rounded to 6 decimals (10 cm). */
export function fromSjtsk(point: { y: number; x: number }): Position {
  // EPSG:5514 is RÚIAN's Y and X with their signs flipped, easting first.
  const [longitude, latitude] = toWgs84.forward([-point.y, -point.x]);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { latitude: round(latitude), longitude: round(longitude) };
}

const earthRadiusMetres = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in metres (haversine): within a country, off by a few metres at most. */
export function distanceMetres(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
}
