// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// Pages are pre-rendered files; on-demand endpoints (src/pages/api) opt out with
// `export const prerender = false`. The adapter builds a request handler that our
// own server (server/main.ts) mounts, so the same rules apply to files and endpoints.
export default defineConfig({
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  integrations: [react()],
  i18n: {
    locales: ['cs', 'en'],
    defaultLocale: 'cs',
    routing: { prefixDefaultLocale: false },
  },
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Shell pages must arrive in one round trip: CSS goes inline, hashed by the CSP.
    inlineStylesheets: 'always',
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
});
