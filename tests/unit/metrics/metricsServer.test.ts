import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../../src/server/node/metricsServer.ts';
import { PortUnavailableError } from '@parcel-returns/listen';
import { loadSiteConfig } from '../../../src/server/config.ts';
import { recordReturn } from '../../../src/server/metrics.ts';

let server: Server;
let base = '';
beforeAll(async () => {
  const config = loadSiteConfig({ METRICS_PORT: '0' });
  server = (await startMetricsServer(config.METRICS_PORT, config.METRICS_HOST))!;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A raw request, for the methods fetch will not send. */
function send(method: string, path: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the metrics port', () => {
  it('listens on loopback unless told otherwise', () => {
    expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('answers GET /metrics with Prometheus text', async () => {
    recordReturn('created', 'form');
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE returns_submissions_total counter');
    expect(text).toMatch(/^returns_submissions_total\{outcome="created",path="form"\} [1-9]\d*$/m);
    // Node's own figures come along.
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('answers HEAD without a body, 404 elsewhere and 405 to other methods', async () => {
    const head = await fetch(`${base}/metrics`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    for (const path of ['/', '/metrics/', '/returns', '/api/returns'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/metrics?format=openmetrics`)).status).toBe(200);
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await send(method, '/metrics');
      expect(res.status, method).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD');
    }
  });

  it('is not started when METRICS_PORT is off', async () => {
    expect(await startMetricsServer('off', '127.0.0.1')).toBeUndefined();
  });

  it('names METRICS_PORT when its port is taken', async () => {
    const port = (server.address() as AddressInfo).port;
    const error = await startMetricsServer(port, '127.0.0.1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortUnavailableError);
    expect((error as Error).message).toBe(
      `Port ${port} on 127.0.0.1 is already in use: set METRICS_PORT to a free port (0 picks one).`,
    );
  });
});
