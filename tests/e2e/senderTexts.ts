import { readFileSync } from 'node:fs';
import { labelMailCopy } from '../../carrier/mail/labelMailCopy.ts';
import type { ShellContent } from '../../src/content/schema.ts';
import { translations } from '../../src/i18n/index.ts';
import {
  buildCountryOptions,
  countryName as formCountryName,
} from '../../src/islands/returnForm/countryOptions.ts';
import { countries } from '../../src/lib/countries.ts';
import {
  cultures,
  defaultLocale,
  locales as siteLocales,
  localizedPath,
  type Locale,
} from '../../src/lib/locales.ts';
import { requiredFieldHint } from '../../src/lib/requiredFieldHint.ts';
import { escapeRegExp } from '../escapeRegExp.ts';

export type { Locale };

/** Every locale of the site (src/lib/locales.ts). */
export const allLocales = siteLocales;

/**
 * The locales the specs of the form's behaviour run in: the default, unprefixed, and English, the
 * first prefixed one and the culture of ISO country names. Behaviour is the same code in every
 * language; what a language brings (its texts, its country names, its layout) is checked in each
 * of the others by one pass of every page and state and a return with scripts on and off
 * (tests/e2e/languages.spec.ts).
 */
export const locales = ['cs', 'en'] as const satisfies readonly Locale[];
if (locales[0] !== defaultLocale) throw new Error('The behaviour specs run in the default locale first.');

/**
 * The width a check of both widths is made at in each behaviour locale: the phone's in Czech (the
 * unprefixed address), the desktop's in English (a prefixed one). So each width, each language and
 * each kind of address is met once, and the check does not run four times.
 */
export const widthIn = { cs: '@phone', en: '@desktop' } as const satisfies Record<
  (typeof locales)[number],
  string
>;

/** The locales beyond those of the behaviour specs. */
export const otherLocales = allLocales.filter((locale) => !(locales as readonly Locale[]).includes(locale));

/** The editors' texts of the shell (src/content/shell), the part the tests read. */
interface Shell {
  brand: { homeUrl: string };
  links: { returnOrdering: string; howToPack: string };
  menu: { label: string }[];
  footer: {
    columns: { title: string; links: { label: string }[] }[];
    follow: { title: string; social: { label: string }[]; apps: { label: string }[] };
    motto: string;
    consentLabel: string;
  };
  pages: {
    notFound: { headline: string; heading: string; text: string };
    error: { title: string; text: string; support: string };
    form: { title: string };
    accessibility: ShellContent['pages']['accessibility'];
  };
}

/** The editors' content of a locale, read from the file the site builds it from. */
export function shell(locale: Locale): Shell {
  return JSON.parse(readFileSync(`src/content/shell/${locale}.json`, 'utf8')) as Shell;
}

export { escapeRegExp };
/** A name that starts with `text`: a radio or checkbox whose accessible name goes on after its label. */
export const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/**
 * A country's name as the form lists it once the carrier's list is in (spec §2: Czech names in
 * Czech, ISO names in English, CLDR's names in the page's language otherwise).
 */
function countryName(code: string, locale: Locale): string {
  if (!countries.some((c) => c.code === code)) throw new Error(`no country ${code}`);
  const culture = cultures[locale];
  return formCountryName(code, culture, countries, () => buildCountryOptions(culture));
}

/**
 * What a sender reads on a locale's pages, taken from where the site takes it: the dictionaries
 * (src/i18n) through typesafe-i18n, the editors' content, the carrier's mail copy, the country
 * list. A test never holds a copy of a text, so a reworded text moves the tests with it.
 */
function textsOf(locale: Locale) {
  const t = translations(locale);
  const f = t.form;
  const s = t.success;
  const other = allLocales.find((option) => option !== locale)!;
  const { pages, footer } = shell(locale);
  const withOptional = (label: string) => `${label} (${f.optional()})`;
  return {
    prefix: localizedPath(locale, ''),
    lang: cultures[locale],
    pageHeading: pages.form.title,
    notFound: { heading: pages.notFound.heading, text: pages.notFound.text },
    notFoundHeading: `${pages.notFound.headline} ${pages.notFound.heading}`,
    errorHeading: pages.error.title,
    errorText: pages.error.text,
    support: pages.error.support,
    tryAgain: t.error.tryAgain(),
    homeLink: t.header.homeLink(),
    menuButton: t.header.menu(),
    closeMenu: t.header.closeMenu(),
    mainNavigation: t.header.mainNavigation(),
    menu: shell(locale).menu.map((item) => item.label),
    footer: {
      /** The columns' titles, the social column last. */
      columns: [...footer.columns.map((column) => column.title), footer.follow.title],
      /** Each column's link labels, by column. */
      links: footer.columns.map((column) => column.links.map((link) => link.label)),
      socialList: t.footer.social(),
      social: footer.follow.social.map((link) => link.label),
      appsList: t.footer.apps(),
      apps: footer.follow.apps.map((link) => link.label),
      consent: footer.consentLabel,
      motto: footer.motto,
    },
    languageButton: `${t.language.label()}: ${locale.toUpperCase()}`,
    /** The language switch's link to a locale, as the code and the language's own name. */
    languageLink: (option: Locale) => `${option.toUpperCase()} ${translations(option).language.name()}`,
    otherLanguageLink: `${other.toUpperCase()} ${translations(other).language.name()}`,
    errorTitle: (title: string) => f.errorTitle({ title }),
    sectionCountry: f.sectionCountry(),
    countryLabel: f.countryLabel(),
    countryHelp: f.helpFor({ field: f.countryLabel() }),
    help: {
      country: { label: f.helpFor({ field: f.countryLabel() }), text: f.countryHelp() },
      email: { label: f.helpFor({ field: f.email() }), text: f.emailHelp() },
    },
    czechia: countryName('CZ', locale),
    slovakia: countryName('SK', locale),
    germany: countryName('DE', locale),
    list: {
      guidance: f.selectGuidance(),
      chosen: (label: string) => f.selectChosen({ label }),
      placeholder: f.selectPlaceholder(),
      clear: f.selectClear(),
      noOptions: f.selectNoOptions(),
      open: f.selectOpen(),
      close: f.selectClose(),
    },
    labelPrint: f.labelPrint(),
    labelQr: f.labelQr(),
    needTitle: f.needTitle(),
    printer: f.needPrinter(),
    handoverPickup: f.handoverPickup(),
    handoverDriver: f.handoverDriver(),
    mapHome: f.mapHome(),
    mapAbroad: f.mapAbroad(),
    paidTitle: f.paidTitle(),
    paidText: f.paidText(),
    paidConfirm: f.paidConfirm(),
    paidCancel: f.paidCancel(),
    recipient: f.recipientTitle(),
    name: f.name(),
    street: f.street(),
    zipCode: f.zipCode(),
    city: f.city(),
    email: f.email(),
    phone: withOptional(f.phone()),
    reference: withOptional(f.customerReference()),
    termsPersons: startsWith(f.termsPersons()),
    termsCompanies: startsWith(f.termsCompanies()),
    submit: f.submit(),
    submitting: f.submitting(),
    documentNote: f.documentNote(),
    suggestions: f.suggestions(),
    errorSummary: f.errorSummary(),
    errorRequired: f.errorRequired(),
    errorEmail: f.errorEmail(),
    errorCharacters: f.errorCharacters(),
    errorTerms: f.errorTerms(),
    errorRefused: f.errorRefused(),
    errorQrUnavailable: f.errorQrUnavailable(),
    errorDriverUnavailable: f.errorDriverUnavailable(),
    creationFailed: f.creationFailed(),
    /** What the form says after too many creations, with the wait the site's Retry-After gives. */
    tooManyAttempts: (minutes: number) => f.tooManyAttempts({ wait: f.waitMinutes({ count: minutes }) }),
    storeUnavailable: (seconds: number) => f.storeUnavailable({ wait: f.waitSeconds({ count: seconds }) }),
    requiredHint: requiredFieldHint(cultures[locale]),
    success: {
      title: s.title(),
      description: s.description(),
      infoLabelPickup: s.infoLabelPickup(),
      infoLabelDriver: s.infoLabelDriver(),
      infoQrPickup: s.infoQrPickup(),
      infoQrDriver: s.infoQrDriver(),
      preparing: s.preparing(),
      checkAgain: s.checkAgain(),
      downloadLabel: s.downloadLabel(),
      downloadQr: s.downloadQr(),
      downloadFailed: s.downloadFailed(),
      readyLabel: s.readyLabel(),
      readyQr: s.readyQr(),
      qrTitle: s.qrTitle(),
      qrAlt: s.qrAlt(),
      returnOrdering: s.returnOrdering(),
      newTab: s.newTab(),
      howToPack: s.howToPack(),
      tipsTitle: s.tipsTitle(),
      tips: [s.tipPrint(), s.tipStick(), s.tipBarcode()],
      emailed: s.emailed(),
      emailedQr: s.emailedQr(),
      another: s.another(),
      home: s.home(),
      linkExpired: s.linkExpired(),
      timelineTitle: s.timelineTitle(),
      eventLabelCreated: s.eventLabelCreated(),
      eventHandedOver: (place: string) => s.eventHandedOver({ place }),
      eventCollected: s.eventCollected(),
      eventDelivered: s.eventDelivered(),
      openOnPhone: s.openOnPhone(),
    },
    mailSubject: (qr: boolean, shipment: string) => labelMailCopy[locale].subject(qr, shipment),
  };
}

export type Texts = ReturnType<typeof textsOf>;

/** What a sender reads, per locale. */
export const texts = Object.fromEntries(allLocales.map((locale) => [locale, textsOf(locale)])) as Record<
  Locale,
  Texts
>;
