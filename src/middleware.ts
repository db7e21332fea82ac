import { defineMiddleware } from 'astro:middleware';
import { isCrossSiteForm } from './server/originCheck.ts';
import { problem } from './server/api/respond.ts';
import { compressedPage } from './server/compression.ts';

/**
 * Runs for the on-demand routes only (pre-rendered pages are files the site server sends).
 * It replaces Astro's own origin check (`security.checkOrigin`, off in astro.config.mjs), which
 * answers in plain text: the same rule, but the API answers in its JSON. A page it renders is
 * compressed here, as the site server compresses its files.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  if (!isCrossSiteForm(context.request, context.url)) return compressedPage(context.request, await next());
  if (context.url.pathname.startsWith('/api/'))
    return problem(403, 'crossSiteRequest', 'Requests from other sites are refused.');
  return new Response('Cross-site form submissions are forbidden', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
});
