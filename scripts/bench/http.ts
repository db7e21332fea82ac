import { request } from 'node:http';

/** One answer as it crossed the wire: status, headers and the body still encoded. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * GET over node:http, which (unlike fetch) does not decode the body, so its length is
 * what was transferred for the given Accept-Encoding.
 */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export type Encoding = 'identity' | 'gzip' | 'br';
export const encodings: readonly Encoding[] = ['identity', 'gzip', 'br'];

/** The same URL fetched three times, once per encoding; bytes transferred for each. */
export async function transferSizes(url: string): Promise<{
  status: number;
  text: string;
  bytes: Record<Encoding, number>;
}> {
  const bytes = { identity: 0, gzip: 0, br: 0 };
  let status = 0;
  let text = '';
  for (const encoding of encodings) {
    const res = await getRaw(url, { 'accept-encoding': encoding });
    bytes[encoding] = res.body.length;
    if (encoding === 'identity') {
      status = res.status;
      text = res.body.toString('utf8');
    }
  }
  return { status, text, bytes };
}

let clientNumber = 0;
/**
 * A fresh client address for X-Forwarded-For (the bench server trusts the proxy header),
 * so the per-client rate limits of one sender do not throttle a load of many.
 */
export function nextClientAddress(): string {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}
