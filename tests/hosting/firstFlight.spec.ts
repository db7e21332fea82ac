import { get } from 'node:http';
import { expect, test } from '@playwright/test';
import { locales, localizedPath } from '../../src/lib/locales.ts';

/**
 * A connection's first flight carries ten segments of 1460 bytes: the form page of a link, its
 * headers and its Brotli body, arrives in it in every language, so the sender's first paint waits
 * for one round trip (src/server/node/httpServer.ts). Only the Node server compresses; at the edge
 * Cloudflare does.
 */
const firstFlightBytes = 10 * 1460;
const token = 'demo-kabelky-plzen-driver-pickup';

/** The bytes of an answer as they travel: its status line and headers, and its body as encoded. */
function bytesOnTheWire(
  url: string,
  encoding: string,
): Promise<{ encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      const head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`;
      let bytes = Buffer.byteLength(head);
      for (let i = 0; i < response.rawHeaders.length; i += 2)
        bytes += Buffer.byteLength(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
      bytes += 2;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('the form page arrives in the first flight in every language', async ({ baseURL }) => {
  for (const locale of locales) {
    // As the browser asks for it after the redirect that adds the visit's attempt (decision 035).
    const asked = `${localizedPath(locale, '/returns')}?token=${token}&attempt=${crypto.randomUUID()}`;
    const url = new URL(asked, baseURL).href;
    const answer = await bytesOnTheWire(url, 'br');
    expect(answer.encoding, locale).toBe('br');
    expect(answer.bytes, locale).toBeLessThanOrEqual(firstFlightBytes);
  }
});
