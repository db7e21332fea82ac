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
