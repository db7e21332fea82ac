import type { TestInfo } from '@playwright/test';

/**
 * Asks again when the local tool in front of workerd, not the site, failed. `astro preview`'s
 * proxy (and `wrangler dev`'s ProxyWorker alike) now and then answers a POST with its own 500
 * ("fetch failed" in its log) when the worker answers before the whole body is through: workerd
 * closes the connection as it answers. About 1 in 100 such requests here; Cloudflare's own front
 * end is another program. The tool's 500 is told apart by what every answer of the site carries
 * and it lacks: Strict-Transport-Security. Up to three tries, on the edge project only.
 */
export async function pastTheTool<T>(
  testInfo: TestInfo,
  ask: () => Promise<T>,
  seen: (answer: T) => { status: number; headers: Record<string, unknown> },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await ask();
    const { status, headers } = seen(answer);
    const toolFailed =
      testInfo.project.name === 'edge' &&
      status === 500 &&
      headers['strict-transport-security'] === undefined;
    if (!toolFailed || attempt === 3) return answer;
  }
}

/** `seen` for a Playwright APIResponse. */
export const responseSeen = (response: { status(): number; headers(): Record<string, string> }) => ({
  status: response.status(),
  headers: response.headers(),
});
