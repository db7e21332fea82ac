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
  | 'wrong-shape'
  | 'redirect'
  | 'pdf'
  | 'stalled-pdf';

/**
 * A carrier that misbehaves on purpose. Every request is recorded; `fault` decides the
 * next answers. The healthy answer is a valid status response.
 */
export async function startFakeCarrier() {
  const requests: IncomingMessage[] = [];
  // Another host a redirect points to: it must never be called.
  const elsewhere = createServer((req, res) => {
    elsewhereRequests.push(req);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  const elsewhereRequests: IncomingMessage[] = [];
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
  let fault: Fault = 'ok';
  let served = 0;
  const healthy = JSON.stringify({
    importState: 'Complete',
    labelGuid: '11111111-2222-4333-8444-555555555555',
  });
  // The return page a creation is checked against (its link, its choices) is always there: the
  // faults are for the call under test.
  const page = JSON.stringify({
    returnAddresses: [
      {
        addressType: 'Default',
        name: 'Test Shop s.r.o.',
        street: 'Americká 2222/42',
        zipCode: '30100',
        city: 'Plzeň',
        country: 'CZ',
      },
    ],
    prepaidDriverPickUp: true,
  });
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/ReturnPage?'))
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(page);
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
      case 'redirect':
        res.writeHead(307, { Location: `${elsewhereUrl}${req.url}` }).end();
        return;
      case 'pdf':
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': '20000' });
        res.end(Buffer.alloc(20000, 0x25));
        return;
      case 'stalled-pdf':
        // A label that starts to arrive and then never finishes.
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': '20000' });
        res.write(Buffer.alloc(4000, 0x25));
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
    elsewhereRequests,
    get served() {
      return served;
    },
    setFault(next: Fault) {
      fault = next;
      served = 0;
      requests.length = 0;
    },
    close: () =>
      Promise.all(
        [server, elsewhere].map(
          (each) =>
            new Promise<void>((resolve) => {
              each.closeAllConnections();
              each.close(() => resolve());
            }),
        ),
      ),
  };
}
