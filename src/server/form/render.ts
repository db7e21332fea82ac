import { defaultLocale, isLocale, type Locale } from '../../lib/locales.ts';
import { stderrLogger } from '../log.ts';
import type { SenderFormValues } from '../../lib/senderForm.ts';

/** The locale of an on-demand page under src/pages/[...lang]/: undefined for an unknown prefix. */
export function localeOfParam(lang: string | undefined): Locale | undefined {
  if (lang === undefined) return defaultLocale;
  // The default locale has no prefix: `/cs/returns` is no page.
  return lang !== defaultLocale && isLocale(lang) ? lang : undefined;
}

/** Every value of the form as hidden fields, for a step that must post them again. */
export function hiddenFields(values: SenderFormValues): [string, string][] {
  return Object.entries(values).flatMap(([name, value]): [string, string][] => {
    if (typeof value === 'boolean') return value ? [[name, 'on']] : [];
    return [[name, value]];
  });
}

/** Logs why the endpoints' dependencies are unavailable (one JSON line, spec §8's code); undefined. */
export function logUnavailable(error: unknown): undefined {
  const code = (error as { code?: unknown }).code;
  stderrLogger.error(typeof code === 'string' ? code : 'unknownError', { call: 'formPage' });
  return undefined;
}
