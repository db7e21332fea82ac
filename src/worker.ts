/**
 * The worker of the edge build (wrangler.jsonc `main`): Astro's handler for every request the
 * static assets do not answer, and the Durable Object class that holds what the site shares
 * exactly (src/server/edge/sharedKey.ts). Everything else is the same middleware and pages as on
 * the Node target; the request's target is read as on the Node target first
 * (src/server/requestTarget.ts: slashes in a row, a query that does not decode).
 */
import { handle } from '@astrojs/cloudflare/handler';
import { servedTarget } from './server/requestTarget.ts';

export { SharedKey } from './server/edge/sharedKey.ts';

type Args = Parameters<typeof handle>;

export default {
  fetch(request: Request, env: Args[1], context: Args[2]) {
    const url = new URL(request.url);
    const target = servedTarget(`${url.pathname}${url.search}`);
    const served = target === undefined ? request : new Request(new URL(target, url), request);
    return handle(served, env, context);
  },
};
