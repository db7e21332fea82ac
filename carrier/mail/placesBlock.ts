import type { AccessPoint } from '@parcel-returns/contract';
import { escapeHtml } from './html.ts';
import type { LabelMailCopy, MailLanguage } from './labelMailCopy.ts';

/*
 * How the mail writes a place's map link and distance is the carrier's own presentation, as the sent
 * page's is the site's (src/lib/dropOff.ts): neither is part of the contract, and either may change
 * without the other (decision 039).
 */

/** The place on a public map, as a plain link with the place's own position only. */
export const mapLink = ({ position: { latitude, longitude } }: Pick<AccessPoint, 'position'>): string =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;

/** To 10 m below a kilometre ('850 m'), in kilometres to two significant digits above ('1,4 km', '12 km'). */
const distanceText = (metres: number, language: MailLanguage): string =>
  metres < 1000
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'meter' }).format(
        Math.max(10, Math.round(metres / 10) * 10),
      )
    : new Intl.NumberFormat(language, {
        style: 'unit',
        unit: 'kilometer',
        maximumSignificantDigits: 2,
      }).format(metres / 1000);

/**
 * The label e-mail's 'Where to take it': the places nearest to the sender that take the return,
 * each with its type, address, distance and a map link, as text lines and as an HTML list.
 */
export function placesBlock(
  places: readonly AccessPoint[],
  language: MailLanguage,
  copy: LabelMailCopy['places'],
): { text: string[]; html: string[] } {
  if (places.length === 0) return { text: [], html: [] };
  const line = (p: AccessPoint) =>
    `${p.name} (${copy.type[p.type]}), ${p.address.street}, ${p.address.zipCode} ${p.address.city}, ${distanceText(p.distance, language)}`;
  return {
    text: [
      [`${copy.heading}:`, ...places.map((p) => `- ${line(p)}\n  ${copy.onMap}: ${mapLink(p)}`)].join('\n'),
    ],
    html: [
      `<h2 style="margin:0 0 8px;font-size:18px">${escapeHtml(copy.heading)}</h2>`,
      `<ol style="margin:0 0 16px;padding-left:24px">${places
        .map(
          (p) =>
            `<li style="margin:0 0 8px">${escapeHtml(line(p))}<br><a href="${escapeHtml(mapLink(p))}">${escapeHtml(copy.onMap)}</a></li>`,
        )
        .join('')}</ol>`,
    ],
  };
}
