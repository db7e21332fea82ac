/**
 * Opening hours as an operator types them on the command line, in the common subset of the
 * OpenStreetMap `opening_hours` syntax: `Mo-Fr 08:00-18:00; Sa 08:00-12:00`, or `24/7`.
 */
import type { OpeningHours } from '@parcel-returns/contract';

const dayNames = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const time = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** The hours of a text such as `Mo-Fr 08:00-18:00; Sa 08:00-12:00`; a string naming what is wrong otherwise. */
export function parseOpeningHours(text: string): OpeningHours | string {
  if (text.trim() === '24/7')
    return dayNames.map((_, index) => ({ day: index + 1, opens: '00:00', closes: '24:00' }));
  const hours: OpeningHours = [];
  for (const rule of text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?\s+(\d\d:\d\d)-(\d\d:\d\d)$/.exec(rule);
    const day = (name: string | undefined) =>
      dayNames.findIndex((d) => d.toLowerCase() === name?.toLowerCase());
    if (!match) return `"${rule}" is not like "Mo-Fr 08:00-18:00"`;
    const [, from, to, opens = '', closes = ''] = match;
    const first = day(from);
    const last = to === undefined ? first : day(to);
    if (first < 0 || last < 0 || last < first) return `"${rule}": days are Mo Tu We Th Fr Sa Su, in order`;
    if (!time.test(opens) || !time.test(closes) || opens >= closes)
      return `"${rule}": the times must be HH:MM, opening before closing`;
    for (let index = first; index <= last; index += 1) {
      if (hours.some((h) => h.day === index + 1)) return `"${rule}": ${dayNames[index]} is given twice`;
      hours.push({ day: index + 1, opens, closes });
    }
  }
  return hours.sort((a, b) => a.day - b.day);
}

/** The hours written back in the same syntax, days with the same times joined: `Mo-Fr 08:00-18:00; Sa 08:00-12:00`. */
export function formatOpeningHours(hours: OpeningHours): string {
  const rules: string[] = [];
  let index = 0;
  while (index < hours.length) {
    const first = hours[index];
    if (!first) break;
    let end = index;
    while (
      hours[end + 1]?.day === (hours[end]?.day ?? 0) + 1 &&
      hours[end + 1]?.opens === first.opens &&
      hours[end + 1]?.closes === first.closes
    )
      end += 1;
    const last = hours[end];
    const days =
      end === index
        ? dayNames[first.day - 1]
        : `${dayNames[first.day - 1]}-${dayNames[(last?.day ?? 1) - 1]}`;
    rules.push(`${days} ${first.opens}-${first.closes}`);
    index = end + 1;
  }
  return rules.join('; ') || 'closed';
}
