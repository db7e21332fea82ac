import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiError } from '@parcel-returns/contract';

/** A request that ends in a 4xx: thrown by handlers, answered by the app with its JSON body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiError['fields'];
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, fields?: ApiError['fields'], headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

/** Writes a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

/** Writes the JSON error body every failure has: a stable code, a message, and field paths for a 400. */
export function sendError(res: ServerResponse, error: HttpError): void {
  const body: ApiError = { code: error.code, message: error.message };
  if (error.fields) body.fields = error.fields;
  sendJson(res, error.status, body, error.headers);
}

/** Reads a request body of at most `limit` bytes; a larger one is refused before it is buffered whole. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit)
    throw new HttpError(413, 'payloadTooLarge', `The body may have at most ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new HttpError(413, 'payloadTooLarge', `The body may have at most ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Field errors from a failed zod parse, as `fields` of a 400 body. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
