import { pathToFileURL } from 'node:url';

/**
 * A build on the adapter's own standalone server, with nothing of scripts/serve.ts: its static
 * files from disk, then the app. The site builds the app's handler alone (`mode: 'middleware'`,
 * decision 044), and the entry still carries the adapter's server; this starts it, on PORT and
 * HOST. The bench measures the adapter's static path with it, and a test checks that a build
 * answers on its own. A standalone build (the bench's bare app) starts the same way.
 *
 *   node scripts/standalone.ts dist/server/entry.mjs
 */
const [entry] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/standalone.ts <build>/server/entry.mjs');
  process.exit(2);
}
// A standalone build would start its server on import; it starts once, here.
process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
const { startServer } = (await import(pathToFileURL(entry).href)) as { startServer: () => unknown };
startServer();
