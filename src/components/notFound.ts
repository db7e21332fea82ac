import { getEntry } from 'astro:content';
import { translations } from '../i18n/index.ts';
import type { Locale } from '../lib/locales.ts';

/** Title and body of the not-found page, shared by /returns/page-not-found and the 404 pages. */
export async function notFoundProps(locale: Locale) {
  const t = translations(locale);
  const shell = await getEntry('shell', locale);
  return {
    title: t.notFound.title(),
    description: `${t.notFound.text()} ${t.notFound.help()}`,
    status: {
      headline: t.notFound.headline(),
      heading: t.notFound.heading(),
      text: t.notFound.text(),
      help: t.notFound.help(),
      action: { label: t.notFound.home(), href: shell?.data.brand.homeUrl ?? '/' },
    },
  };
}
