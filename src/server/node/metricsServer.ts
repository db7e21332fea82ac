/**
 * The operators' port: GET /metrics answers the process's metrics (src/server/metrics.ts) in
 * Prometheus text. It is a server of its own, on loopback unless METRICS_HOST says otherwise,
 * so that no proxy in front of the site (a reverse proxy) can ever route the public to it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOn } from '@parcel-returns/listen';
import { metricsContentType, metricsText } from '../metrics.ts';

function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res
    .writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    })
    .end(`${text}\n`);
}

async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?', 1)[0];
  if (path !== '/metrics') {
    answer(res, 404, 'Not Found');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    answer(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    return;
  }
  let text: string;
  try {
    text = await metricsText();
  } catch {
    answer(res, 500, 'Internal Server Error');
    return;
  }
  res.writeHead(200, { 'Content-Type': metricsContentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The metrics server, not yet listening. */
export function createMetricsServer(): Server {
  return createServer((req, res) => void serveMetrics(req, res));
}

/**
 * Starts the metrics server on METRICS_PORT and METRICS_HOST; undefined when METRICS_PORT is
 * `off`. A port it cannot open rejects with a PortUnavailableError naming METRICS_PORT.
 */
export async function startMetricsServer(port: number | 'off', host: string): Promise<Server | undefined> {
  if (port === 'off') return undefined;
  const server = createMetricsServer();
  await listenOn(server, port, host, 'METRICS_PORT');
  return server;
}
