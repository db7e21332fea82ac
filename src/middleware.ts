import { sequence } from 'astro:middleware';
import { loadSiteConfig } from './server/config.ts';
import { metricRoute } from './server/middleware/metricRoute.ts';
import { refusals } from './server/middleware/refusals.ts';
import { routes } from './server/middleware/routes.ts';
import { securityHeaders } from './server/middleware/securityHeaders.ts';

/**
 * What the site does around every page and endpoint, on every target and in `npm run dev`.
 * Every page is rendered on demand, so these run for each answer; a page the route cache
 * keeps was finished here when it was made.
 */

let editor: { credentials: string | null | undefined } | undefined;

/**
 * The content editor's credentials on this server (see refusals.ts), read from the environment on
 * first use and kept: the server checked that environment at start, and it does not change.
 * The dev server needs none.
 */
function editorCredentials(): string | null | undefined {
  editor ??= { credentials: import.meta.env.DEV ? null : serverCredentials() };
  return editor.credentials;
}

function serverCredentials(): string | undefined {
  const config = loadSiteConfig(process.env);
  return config.CONTENT_EDITOR === 'on' ? config.CONTENT_EDITOR_CREDENTIALS : undefined;
}

export const onRequest = sequence(
  metricRoute,
  securityHeaders(import.meta.env.DEV),
  refusals(editorCredentials),
  routes,
);
