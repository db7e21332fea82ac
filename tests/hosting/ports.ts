import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The hosting tests' two servers: the Node server of the other end-to-end tests (E2E_PORT)
 * and nginx with deploy/nginx.conf in front of it (E2E_NGINX_PORT, by default 1000 above).
 * The Node server's metrics listen on E2E_METRICS_PORT, by default 2000 above.
 */
export const nodePort = Number(process.env['E2E_PORT'] ?? 4329);
export const nginxPort = Number(process.env['E2E_NGINX_PORT'] ?? nodePort + 1000);
export const metricsPort = Number(process.env['E2E_METRICS_PORT'] ?? nodePort + 2000);
export const nodeUrl = `http://127.0.0.1:${nodePort}`;
export const nginxUrl = `http://127.0.0.1:${nginxPort}`;

/**
 * The embedded carrier's database of the Node server, outside test-results (which Playwright
 * empties at start) and one per port, so runs can overlap; tests read mails and store return
 * pages in it.
 */
export const carrierDbPath = join(tmpdir(), `returns-e2e-${nodePort}.sqlite`);
