// @ts-check
import { existsSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { contentEditor } from './src/editor/integration.ts';
import { editorBodyBytes } from './src/server/bodyLimits.ts';
import { precompressedAssets } from './src/server/node/precompress.ts';
import { listeningUrl } from './src/lib/listeningUrl.ts';
import { defaultLocale, locales } from './src/lib/locales.ts';
import { cacheKeyParams } from './src/lib/pageQuery.ts';

// Every page and endpoint is rendered on demand, so the middleware (src/middleware.ts) answers
// for each of them alike: `lng`, the not-found page, headers. What is the same for everyone is
// kept by the route cache for its max-age. Static files are the build's assets only.
/**
 * In `astro dev`, runs the embedded reference carrier unless CARRIER_API_URL points elsewhere
 * (and not under Vitest, which loads this config too), and prints the demo pages' links.
 * @type {import('astro').AstroIntegration}
 */
const devCarrier = (() => {
  /** @type {(siteUrl: string) => string[]} */
  let demoLinks = () => [];
  return {
    name: 'embedded-carrier',
    hooks: {
      // The carrier is up before the first request; the links wait for the port the server
      // really listens on (`--port`, or the next free one when that is taken).
      'astro:server:setup': async () => {
        if (process.env.CARRIER_API_URL || process.env.VITEST) return;
        const { startEmbeddedCarrier } = await import('./carrier/embedded.ts');
        const { seedDemoPages, returnLink } = await import('./carrier/seed.ts');
        const carrier = await startEmbeddedCarrier();
        process.env.ALTCHA_HMAC_KEY ||= crypto.randomUUID() + crypto.randomUUID();
        const demos = seedDemoPages(carrier.db);
        demoLinks = (siteUrl) => demos.map((demo) => `${returnLink(siteUrl, demo.token)}  ${demo.note}`);
      },
      'astro:server:start': ({ address, logger }) => {
        for (const line of demoLinks(listeningUrl(address))) logger.info(line);
      },
    },
  };
})();

/**
 * `client:intent` (src/islands/intentDirective.ts): the form page's island hydrates when the sender
 * first reaches for it, or at once when the page was left half-way.
 * @type {import('astro').AstroIntegration}
 */
const intent = {
  name: 'hydrate-on-intent',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'intent', entrypoint: './src/islands/intentDirective.ts' });
    },
  },
};

// SITE_TARGET=edge builds the Cloudflare Worker into dist-edge/ (decision 029) instead of the Node
// server; the Cloudflare adapter is loaded for that target only.
const edge = process.env.SITE_TARGET === 'edge';

/**
 * Edge only: an import that resolves to a project file `X.ts` gets `X.edge.ts` beside it when
 * there is one (metrics as log lines, the shared state in Durable Objects): no import changes,
 * and the Node build never sees those files.
 * @type {import('vite').Plugin}
 */
const edgeModules = {
  name: 'edge-modules',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || source.includes('\0')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || resolved.external || resolved.id.includes('/node_modules/')) return resolved;
    const twin = resolved.id.replace(/(?<!\.edge)\.ts$/, '.edge.ts');
    return twin !== resolved.id && existsSync(twin) ? { ...resolved, id: twin } : resolved;
  },
};

/**
 * Edge only: the static assets are answered before the worker runs, so they get the security
 * headers from `_headers` (next to the adapter's caching rule), written from the one table.
 * @type {import('astro').AstroIntegration}
 */
const edgeAssetHeaders = {
  name: 'edge-asset-headers',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const { fileHeaders } = await import('./src/server/securityHeaders.ts');
      const lines = Object.entries(fileHeaders).map(([name, value]) => `  ${name}: ${value}`);
      await appendFile(new URL('_headers', dir), `/*\n${lines.join('\n')}\n`);
    },
  },
};

// The content editor (Keystatic at /keystatic) only when CONTENT_EDITOR=on: `npm run edit` sets it; a
// production build leaves it out unless the operator sets it too, and then the site server asks for
// CONTENT_EDITOR_CREDENTIALS (src/server/editorAccess.ts).
// It writes files on the server, so it is never part of the edge build.
const editor = process.env.CONTENT_EDITOR === 'on' && !edge ? [contentEditor()] : [];

// The page's CSP is computed at build time, so the human-check provider is read then too.
const recaptcha = process.env.HUMAN_CHECK === 'recaptcha';

export default defineConfig({
  // A build or dev server from another content folder (CONTENT_ROOT, see src/content.config.ts) keeps its
  // own caches, Vite's pre-bundled dependencies too: a build may rewrite node_modules/.vite, which leaves a
  // dev server that shares it answering 504 for the modules it had handed out.
  ...(process.env.CONTENT_ROOT && { cacheDir: `${process.env.CONTENT_ROOT}/.astro-cache` }),
  vite: {
    ...(process.env.CONTENT_ROOT && { cacheDir: `${process.env.CONTENT_ROOT}/.vite` }),
    plugins: edge ? [edgeModules] : [],
  },
  ...(edge && { outDir: './dist-edge' }),
  output: 'server',
  // The middleware refuses a body over its route's limit by its announced length
  // (src/server/bodyLimits.ts); this bounds a body sent in chunks to a route that reads it whole.
  // The adapter builds the app's handler alone ('middleware'): scripts/serve.ts is the server, and
  // sends the build's files itself (decision 044). A page leaves whole, not streamed: the security
  // headers need all of it before the first byte (src/server/middleware/securityHeaders.ts).
  adapter: edge
    ? (await import('@astrojs/cloudflare')).default({ imageService: 'passthrough' })
    : node({ mode: 'middleware', bodySizeLimit: editorBodyBytes, experimentalDisableStreaming: true }),
  // A page that says how long it may be kept (the form page of a link, the status pages) is
  // rendered once per path, token and language for that long; 250 of them (about 14 MB) stay in
  // memory at most. The key holds only the parameters pages read (src/lib/pageQuery.ts), which are
  // all a page's links carry on: tracking tags, attempts and made-up names share the page. Astro's
  // memory provider, kept compressed on the Node target (decision 037), which leaves a link opened
  // without an attempt to the middleware (decision 035).
  cache: {
    provider: {
      name: 'kept-encoded',
      entrypoint: './src/server/cache/keptEncoded.ts',
      config: { encode: !edge, max: 250, query: { include: [...cacheKeyParams] } },
    },
  },
  session: false,
  // React renders an island to a string, not a stream: a stream may send a large Suspense boundary's
  // content after the shell with an inline script to move it in place, which the page's CSP (exact
  // script hashes) forbids. The form's boundaries exist for hydration (src/islands/returnForm/Section.tsx).
  integrations: [
    react({ experimentalDisableStreaming: true }),
    intent,
    devCarrier,
    ...(edge ? [edgeAssetHeaders] : []),
    ...editor,
    // Last, so that it compresses every file the build wrote (Node target; the edge's Cloudflare compresses).
    ...(edge ? [] : [precompressedAssets()]),
  ],
  i18n: {
    locales,
    defaultLocale,
    routing: { prefixDefaultLocale: false },
  },
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // Shell pages must arrive in one round trip: CSS goes inline, hashed by the CSP.
    inlineStylesheets: 'always',
  },
  security: {
    // src/middleware.ts applies the same cross-site form check, answering the API in JSON.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        ...(recaptcha
          ? /** @type {const} */ ([
              'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
            ])
          : []),
      ],
      // react-select styles itself at run time (emotion), which needs inline styles; scripts stay
      // strict: only the hashed and same-origin ones run.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
      // reCAPTCHA's script comes from Google; the default human check (ALTCHA) needs nothing beyond 'self'.
      ...(recaptcha && {
        scriptDirective: {
          resources: ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        },
      }),
    },
  },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
});
