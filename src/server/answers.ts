/**
 * The answers the site gives before or instead of a page or an endpoint: a method it does not
 * take, a body over its limit, a request it cannot parse, a path no route knows under /api/.
 * Under /api/ each is the API's JSON `{ code, message }`; on a page's address a sentence in the
 * page's language (its prefix: /sk/returns/… is Slovak); elsewhere short plain text. The
 * middleware answers with them, and the Node server with the same ones for what never reaches
 * Astro (scripts/serve.ts).
 */

import cs from '../i18n/cs/index.ts';
import en from '../i18n/en/index.ts';
import hu from '../i18n/hu/index.ts';
import pl from '../i18n/pl/index.ts';
import sk from '../i18n/sk/index.ts';
import { splitLocale, type Locale } from '../lib/locales.ts';

/** The methods Astro's handler takes; anything else (TRACE, TRACK, WebDAV's) never reaches it. */
export const handledMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What a path can say it allows: each endpoint names its own methods in its own 405. */
const allowedAt = (path: string) => (isApiPath(path) ? 'GET, HEAD, POST' : 'GET, HEAD');

/** Whether a path (or a raw request target) is under the site's API. */
export function isApiPath(target: string): boolean {
  return target === '/api' || target.startsWith('/api/') || target.startsWith('/api?');
}

export type RefusalStatus = 400 | 404 | 405 | 408 | 413 | 431;

const texts: Record<RefusalStatus, { code: string; message: string; text: string }> = {
  400: { code: 'badRequest', message: 'The request is not valid.', text: 'Bad Request' },
  404: { code: 'notFound', message: 'There is no such endpoint.', text: 'Not Found' },
  405: { code: 'methodNotAllowed', message: 'This method is not allowed here.', text: 'Method Not Allowed' },
  408: { code: 'requestTimeout', message: 'The request took too long to arrive.', text: 'Request Timeout' },
  413: { code: 'payloadTooLarge', message: 'The request is too large.', text: 'Payload Too Large' },
  431: {
    code: 'headersTooLarge',
    message: 'The headers are too large.',
    text: 'Request Header Fields Too Large',
  },
};

/**
 * The dictionaries themselves, not typesafe-i18n's runtime: the Node server refuses before Astro
 * (scripts/serve.ts) and runs this module as plain TypeScript; the refusal texts take no values.
 */
const dictionaries: Record<Locale, typeof cs> = { cs, en, sk, pl, hu };

const sentences = {
  400: 'badRequest',
  404: undefined,
  405: 'methodNotAllowed',
  408: 'requestTimeout',
  413: 'payloadTooLarge',
  431: 'headersTooLarge',
} as const;

/** The sentence a sender reads on a page's address (a language's home or /returns and under), else undefined. */
function pageSentence(target: string, status: RefusalStatus): string | undefined {
  const key = sentences[status];
  const { locale, path } = splitLocale(target.split(/[?#]/, 1)[0] ?? '/');
  const page = path === '/' || path === '/returns' || path.startsWith('/returns/');
  if (!key || !page) return undefined;
  const t = dictionaries[locale];
  return t.refusal[key];
}

/** A refusal's status, headers and body, in the form the path's clients read. */
export function refusalOf(
  path: string,
  status: RefusalStatus,
  headers: Record<string, string> = {},
): { status: number; headers: Record<string, string>; body: string } {
  const { code, message, text } = texts[status];
  const api = isApiPath(path);
  const body = api ? JSON.stringify({ code, message }) : (pageSentence(path, status) ?? text);
  return {
    status,
    headers: {
      'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'Content-Length': String(new TextEncoder().encode(body).length),
      'Cache-Control': 'no-store',
      ...(status === 405 && { Allow: allowedAt(path) }),
      ...headers,
    },
    body,
  };
}

/** The same refusal as a Response (the middleware's). */
export function refusal(path: string, status: RefusalStatus, method = 'GET'): Response {
  const { headers, body } = refusalOf(path, status);
  return new Response(method === 'HEAD' ? null : body, { status, headers });
}
