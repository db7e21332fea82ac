import { getEntry } from 'astro:content';
import { translations } from '../i18n/index.ts';
import type { Locale } from '../lib/locales.ts';

/** Title and body of the not-found page, shared by /returns/page-not-found and the 404 pages. */
export async function notFoundProps(locale: Locale) {
  const shell = await getEntry('shell', locale);
  if (!shell) throw new Error(`src/content/shell/${locale}.json is missing`);
  const page = shell.data.pages.notFound;
  const t = translations(locale);
  return {
    title: t.notFound.title(),
    description: `${page.text} ${page.help}`,
    status: {
      headline: page.headline,
      heading: page.heading,
      text: page.text,
      help: page.help,
      action: { label: page.button, href: shell.data.brand.homeUrl },
    },
  };
}
