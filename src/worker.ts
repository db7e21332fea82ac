/**
 * The worker of the edge build (wrangler.jsonc `main`): Astro's handler for every request the
 * static assets do not answer, and the Durable Object class that holds what the site shares
 * exactly (src/server/edge/sharedKey.ts). Everything else is the same middleware and pages as on
 * the Node target.
 */
import { handle } from '@astrojs/cloudflare/handler';

export { SharedKey } from './server/edge/sharedKey.ts';

export default { fetch: handle };
