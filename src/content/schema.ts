import { z } from 'zod';
import { appStores, emailAddress, httpAddress, isoDay, noticeLevels, socialNetworks } from './choices.ts';

// The same pattern as the editor's fields, so both refuse an address with spaces or another scheme.
const httpUrl = z
  .string()
  .regex(httpAddress)
  .pipe(z.url({ protocol: /^https?$/ }));
const text = z.string().trim().min(1);

/** An external link: editors may only point at http(s) addresses. */
const link = z.strictObject({ label: text, href: httpUrl });

const column = z.strictObject({
  title: text,
  links: z.array(link).min(1),
});

/** A part of the accessibility statement: its heading and its text (paragraphs split by a blank line). */
const section = z.strictObject({ heading: text, text });

/**
 * The accessibility statement (src/pages/[...lang]/returns/accessibility.astro): what the European
 * Accessibility Act's Annex V and the public-sector model ask a statement to say, each in a part of
 * its own so that none can be left out. Decision 036.
 */
const accessibility = z.strictObject({
  title: text,
  intro: text,
  service: section,
  standard: section,
  status: section,
  tested: section.extend({ items: z.array(text).min(1) }),
  gaps: section.extend({ items: z.array(text).min(1) }),
  review: z.strictObject({ heading: text, date: z.string().regex(isoDay) }),
  feedback: section.extend({ email: z.string().trim().regex(emailAddress) }),
  enforcement: section.extend({ name: text, href: httpUrl }),
});

/** Off, or on with a level and a text: the editor stores it as Keystatic's conditional field. */
const notice = z.discriminatedUnion('discriminant', [
  z.strictObject({ discriminant: z.literal(false), value: z.null() }),
  z.strictObject({
    discriminant: z.literal(true),
    value: z.strictObject({ level: z.enum(noticeLevels), text: text.max(280) }),
  }),
]);

/**
 * The shell's words and links for one locale, owned by content editors:
 * src/content/shell/<locale>.json, edited in the browser with Keystatic (keystatic.config.ts,
 * whose fields tests/unit/editorSchema.test.ts holds to this schema). A file that breaks it fails the build.
 */
export const shellSchema = z.strictObject({
  brand: z.strictObject({ name: text, homeUrl: httpUrl }),
  notice,
  /** The words of the not-found page, the error page, the form page's heading and the accessibility statement. */
  pages: z.strictObject({
    notFound: z.strictObject({ headline: text, heading: text, text, help: text, button: text }),
    error: z.strictObject({ title: text, text, support: text }),
    form: z.strictObject({ title: text, lead: text }),
    accessibility,
  }),
  menu: z.array(link).min(1).max(8),
  logins: z.array(link).min(1).max(4),
  footer: z.strictObject({
    columns: z.array(column).min(1).max(5),
    follow: z.strictObject({
      title: text,
      social: z.array(link.extend({ network: z.enum(socialNetworks) })).min(1),
      apps: z.array(link.extend({ store: z.enum(appStores) })),
    }),
    motto: text,
    copyright: text,
    consentLabel: text,
  }),
  links: z.strictObject({
    customerService: httpUrl,
    termsPersons: httpUrl,
    termsCompanies: httpUrl,
    privacy: httpUrl,
    mapHome: httpUrl,
    mapAbroad: httpUrl,
    howToPack: httpUrl,
    returnOrdering: httpUrl,
    /** The carrier's tracking page: where the sent page sends a sender whose carrier gives no events. */
    tracking: httpUrl,
  }),
});

export type ShellContent = z.infer<typeof shellSchema>;
export type ShellNotice = z.infer<typeof notice>;
