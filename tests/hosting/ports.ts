import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The end-to-end tests' site server (E2E_PORT); its metrics listen on E2E_METRICS_PORT, by
 * default 2000 above.
 */
export const nodePort = Number(process.env['E2E_PORT'] ?? 4329);
export const metricsPort = Number(process.env['E2E_METRICS_PORT'] ?? nodePort + 2000);
export const nodeUrl = `http://127.0.0.1:${nodePort}`;

/**
 * The embedded carrier's database of the site server, outside test-results (which Playwright
 * empties at start) and one per port, so runs can overlap; tests read mails and store return
 * pages in it.
 */
export const carrierDbPath = join(tmpdir(), `returns-e2e-${nodePort}.sqlite`);
