import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The end-to-end tests' servers: the Node target (E2E_PORT), the edge target in workerd
 * (E2E_EDGE_PORT, by default 1000 above), the Node server's metrics (E2E_METRICS_PORT, 2000
 * above) and the reference carrier both targets call (3000 above).
 */
export const nodePort = Number(process.env['E2E_PORT'] ?? 4329);
export const edgePort = Number(process.env['E2E_EDGE_PORT'] ?? nodePort + 1000);
export const metricsPort = Number(process.env['E2E_METRICS_PORT'] ?? nodePort + 2000);
export const carrierPort = nodePort + 3000;
export const edgeUrl = `http://127.0.0.1:${edgePort}`;

/**
 * The embedded carrier's database, outside test-results (which Playwright empties at start) and
 * one per port, so runs can overlap; tests read mails and store return pages in it.
 */
export const carrierDbPath = join(tmpdir(), `returns-e2e-${nodePort}.sqlite`);
