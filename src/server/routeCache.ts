import memoryProvider from 'astro/cache/memory';
import { localeFromLng } from '../lib/locales.ts';
import { opensNewAttempt } from './middleware/routes.ts';

type Options = Parameters<typeof memoryProvider>[0];

/**
 * The route cache (astro.config.mjs): Astro's own memory provider, which answers before the
 * middleware runs. A link's form asked without an attempt is left to the middleware, which sends
 * the browser to the same address with a fresh one (decision 035): the kept form page, whose key
 * ignores the attempt, would otherwise answer that address too and the visit would have none.
 */
export default function routeCache(options: Options): ReturnType<typeof memoryProvider> {
  const memory = memoryProvider(options);
  const { onRequest } = memory;
  if (!onRequest) return memory;
  return {
    ...memory,
    onRequest: (context, next) => {
      const { url, request } = context;
      const lng = url.searchParams.get('lng');
      const madeUpLanguage = lng !== null && !localeFromLng(lng);
      if (madeUpLanguage || opensNewAttempt(url, request.method)) return next();
      return onRequest.call(memory, context, next);
    },
  };
}
