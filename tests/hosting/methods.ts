import type { TestInfo } from '@playwright/test';

/**
 * The methods a target must refuse with 405 as the rest of its answers. TRACE (it would echo the
 * request's headers) on the Node target; it never reaches a worker, since the Fetch standard
 * forbids it and workerd cannot make a Request of it, so the edge is asked with PROPFIND, a
 * method that reaches it and that the site does not take. Both targets get PROPFIND.
 */
export function refusedMethods(testInfo: TestInfo): string[] {
  return testInfo.project.name === 'edge' ? ['PROPFIND'] : ['TRACE', 'PROPFIND'];
}
