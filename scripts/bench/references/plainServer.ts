import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The bench's floor for a static file: the same bytes from memory, from a plain `node:http`
 * server that does nothing else (no routing, no headers beyond type, length and encoding). Asked
 * with `br` in Accept-Encoding it sends FILE.br as it was written at build, when there is one: the
 * machine's own cost of that smaller answer. `node plainServer.ts FILE TYPE`; tells its URL over IPC.
 */
const [file = '', type = 'application/octet-stream'] = process.argv.slice(2);
const body = readFileSync(file);
const brotli = existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined;
const server = createServer((req, res) => {
  if (brotli && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': brotli.byteLength,
      'Content-Encoding': 'br',
    });
    res.end(brotli);
    return;
  }
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.byteLength }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) process.send?.({ url: `http://127.0.0.1:${address.port}` });
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
