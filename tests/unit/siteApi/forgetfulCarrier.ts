import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The carrier of the spec, which knows no idempotency: the reference carrier behind a proxy that
 * drops the Idempotency-Key header, counts creations (in all and per key) and holds each one a
 * while (`holdMs`), so that two requests overlap. `failNextCreation` makes the next creation fail
 * with a 503 before it reaches the carrier.
 */
export async function startForgetfulCarrier(target: string, holdMs = 300) {
  const upstream = new URL(target);
  const perKey = new Map<string, number>();
  let creations = 0;
  let failNext = false;
  const server: Server = createServer((req, res) => {
    const creating = req.method === 'POST' && req.url?.startsWith('/ReturnPage/dormant');
    if (creating && failNext) {
      failNext = false;
      req.resume();
      return void res.writeHead(503).end();
    }
    const headers = { ...req.headers };
    if (creating) {
      creations += 1;
      const key = String(headers['idempotency-key']);
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
    }
    delete headers['idempotency-key'];
    setTimeout(
      () =>
        req.pipe(
          httpRequest(
            { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          ),
        ),
      creating ? holdMs : 0,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    get creations() {
      return creations;
    },
    /** The most creations the carrier saw for one idempotency key. */
    get mostPerKey() {
      return Math.max(0, ...perKey.values());
    },
    failNextCreation: () => void (failNext = true),
    reset: () => {
      creations = 0;
      perKey.clear();
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
