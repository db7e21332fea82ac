import type { MiddlewareHandler } from 'astro';
import { countAs } from '../metrics.ts';

/**
 * The label of an Astro route pattern: without the language (`/[...lang]/returns/sent/[batchId]`
 * is `/returns/sent/:batchId`), a parameter as `:name` and a rest parameter as `*`. Route files
 * are few, so the labels are too; a path no route knows is answered by the not-found page, `/404`.
 */
export function routeLabel(pattern: string): string {
  const label = pattern
    .replace(/^\/\[\.\.\.lang\]/, '')
    .replace(/\[\.\.\.\w+\]/g, '*')
    .replace(/\[(\w+)\]/g, ':$1');
  return label === '' ? '/' : label;
}

/**
 * Names the route a request is counted under in the metrics (docs/metrics.md): the route Astro
 * matched, never the path, which carries tokens and ids. At the edge requests are the platform's
 * to count, and this names nothing.
 */
export const metricRoute: MiddlewareHandler = (context, next) => {
  countAs(routeLabel(context.routePattern));
  return next();
};
