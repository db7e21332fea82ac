import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/ });

/** An external link: editors may only point at http(s) addresses. */
const link = z.strictObject({
  label: z.string().trim().min(1),
  href: z.url({ protocol: /^https?$/ }),
});

const column = z.strictObject({
  title: z.string().trim().min(1),
  links: z.array(link).min(1),
});

/**
 * The shell's words and links for one locale, owned by content editors:
 * src/content/shell/<locale>.json. A file that breaks this schema fails the build.
 */
export const shellSchema = z.strictObject({
  brand: z.strictObject({
    name: z.string().trim().min(1),
    homeUrl: z.url({ protocol: /^https?$/ }),
  }),
  menu: z.array(link).min(1).max(8),
  logins: z.array(link).min(1).max(4),
  footer: z.strictObject({
    columns: z.array(column).min(1).max(5),
    follow: z.strictObject({
      title: z.string().trim().min(1),
      social: z.array(link).min(1),
      apps: z.array(link),
    }),
    motto: z.string().trim().min(1),
    copyright: z.string().trim().min(1),
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
  }),
});

export type ShellContent = z.infer<typeof shellSchema>;
export type ShellLink = z.infer<typeof link>;
