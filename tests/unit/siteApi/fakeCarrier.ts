import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | 'ok'
  | 'slow'
  | '500'
  | '503'
  | '503-once'
  | 'malformed'
  | 'reset'
  | 'reset-once'
  | 'oversized'
  | 'html'
  | 'wrong-shape';

/**
 * A carrier that misbehaves on purpose. Every request is recorded; `fault` decides the
 * next answers. The healthy answer is a valid status response.
 */
export async function startFakeCarrier() {
  const requests: IncomingMessage[] = [];
  let fault: Fault = 'ok';
  let served = 0;
  const healthy = JSON.stringify({
    importState: 'Complete',
    labelGuid: '11111111-2222-4333-8444-555555555555',
  });
  const server: Server = createServer((req, res) => {
    requests.push(req);
    served += 1;
    switch (fault) {
      case 'slow':
        setTimeout(
          () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(healthy),
          3_000,
        ).unref();
        return;
      case '500':
      case '503':
        res
          .writeHead(Number(fault), { 'Content-Type': 'application/json' })
          .end('{"code":"boom","message":"secret upstream detail"}');
        return;
      case '503-once':
        fault = 'ok';
        res.writeHead(503).end();
        return;
      case 'malformed':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"importState": "Compl');
        return;
      case 'reset-once':
        fault = 'ok';
        req.socket.destroy();
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'oversized':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"importState":"Complete","pad":"');
        for (let i = 0; i < 2_048; i += 1) res.write('x'.repeat(1024));
        res.end('"}');
        return;
      case 'html':
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>proxy error page</html>');
        return;
      case 'wrong-shape':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"importState":"Exploded"}');
        return;
      default:
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(healthy);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    get served() {
      return served;
    },
    setFault(next: Fault) {
      fault = next;
      served = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
