/**
 * The languages the carrier writes its labels and e-mails in: its own list, as a real carrier has
 * one. The site asks in its sender's culture (`Accept-Language: sk-SK`); a language the carrier does
 * not write gets Czech, the carrier's own.
 */
export const carrierLanguages = ['cs', 'en', 'sk', 'pl', 'hu'] as const;
export type CarrierLanguage = (typeof carrierLanguages)[number];
export const homeLanguage: CarrierLanguage = 'cs';

/** The language of an Accept-Language value: its first tag's language when the carrier writes it, else Czech. */
export function languageOfTag(value: string | undefined): CarrierLanguage {
  const asked = /^\s*([A-Za-z]{2,3})\b/.exec(value ?? '')?.[1]?.toLowerCase();
  return carrierLanguages.find((language) => language === asked) ?? homeLanguage;
}
