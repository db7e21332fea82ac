import type { MailLanguage } from './labelMailCopy.ts';

// The carrier works in Czech time, and says so where the hour matters.
const timeZone = 'Europe/Prague';

/** A day in the language of the e-mail, e.g. "27. března 2026". */
export const mailDate = (language: MailLanguage, at: number): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(at);

/** A moment in the language of the e-mail, with its time zone, e.g. "27. března 2026 14:05 SEČ". */
export const mailDateTime = (language: MailLanguage, at: number): string =>
  new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(at);

/**
 * Hungarian says "on a day" with a suffix on the day's number that follows its spoken ordinal's
 * vowel harmony: november 1-jén, 2-án, 4-én … (elsején, másodikán, negyedikén).
 */
const hungarianOnDay = [
  '',
  'jén',
  'án',
  'án',
  'én',
  'én',
  'án',
  'én',
  'án',
  'én',
  'én',
  'én',
  'én',
  'án',
  'én',
  'én',
  'án',
  'én',
  'án',
  'én',
  'án',
  'én',
  'én',
  'án',
  'én',
  'én',
  'án',
  'én',
  'án',
  'én',
  'án',
  'én',
] as const;

/**
 * A day as a sentence says "on" it: Hungarian "2026. november 28-án" (the bare date, "2026.
 * november 28.", would leave its full stop and no case in the middle of a sentence); every other
 * language reads the date itself there ("on 28 November" is the copy's own word).
 */
export const mailOnDay = (language: MailLanguage, at: number): string => {
  if (language !== 'hu') return mailDate(language, at);
  const parts = new Intl.DateTimeFormat('hu', { dateStyle: 'long', timeZone }).formatToParts(at);
  const day = Number(parts.find((part) => part.type === 'day')?.value);
  const date = mailDate(language, at).replace(/\.$/, '');
  return `${date}-${hungarianOnDay[day] ?? 'án'}`;
};
