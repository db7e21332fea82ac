import { defineMiddleware } from 'astro:middleware';
import { isCrossSiteForm } from './server/originCheck.ts';
import { problem } from './server/api/respond.ts';
import { finishedPage } from './server/finishedPage.ts';

/**
 * Runs for the on-demand routes only (pre-rendered pages are files the site server sends).
 * It replaces Astro's own origin check (`security.checkOrigin`, off in astro.config.mjs), which
 * answers in plain text: the same rule, but the API answers in its JSON. A page it renders is
 * finished here as the site server finishes its files: its own script hashes, no framing, compressed.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  if (!isCrossSiteForm(context.request, context.url)) {
    // The dev server and the content editor's pages keep what Astro and the editor make.
    if (import.meta.env.DEV || context.url.pathname.startsWith('/keystatic')) return next();
    return finishedPage(context.request, await next());
  }
  if (context.url.pathname.startsWith('/api/'))
    return problem(403, 'crossSiteRequest', 'Requests from other sites are refused.');
  return new Response('Cross-site form submissions are forbidden', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
});
