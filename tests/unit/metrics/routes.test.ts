import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeLabel } from '../../../src/server/middleware/metricRoute.ts';

/** Every route file's pattern as Astro names it (`context.routePattern`): its path, without the extension or `index`. */
const patterns = readdirSync('src/pages', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(astro|ts)$/.test(file) && !file.split('/').some((part) => part.startsWith('_')))
  .map(
    (file) => `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/',
  );

describe('the route a request is counted under', () => {
  it.each([
    ['/[...lang]/returns', '/returns'],
    ['/[...lang]/returns/sent/[batchId]', '/returns/sent/:batchId'],
    ['/[...lang]/returns/page-not-found', '/returns/page-not-found'],
    ['/api/returns', '/api/returns'],
    ['/api/returns/[batchId]/events', '/api/returns/:batchId/events'],
    ['/api/labels/[labelGuid]', '/api/labels/:labelGuid'],
    ['/healthz', '/healthz'],
    ['/404', '/404'],
    ['/keystatic/[...params]', '/keystatic/*'],
    ['/', '/'],
  ])('%s is %s', (pattern, label) => {
    expect(routeLabel(pattern)).toBe(label);
  });

  it('is one label per route file, without a parameter’s value or the language', () => {
    expect(patterns).toContain('/[...lang]/returns/sent/[batchId]');
    const labels = patterns.map(routeLabel);
    expect(new Set(labels).size).toBe(patterns.length);
    for (const label of labels) expect(label).toMatch(/^\/[\w/:*.-]*$/);
    expect(labels.filter((label) => label.includes('lang'))).toEqual([]);
  });
});
