import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config.ts';
import { cultures, defaultLocale, localeOfTag, type Culture } from '../../lib/locales.ts';
import { announcesMoreThan } from '../bodyLimits.ts';
import { readUpTo } from '../readUpTo.ts';

/**
 * The sender's culture from the Accept-Language the island sends (its page's culture): the
 * culture of that language when the site has it, the default's (cs-CZ) otherwise.
 */
export function cultureOf(request: Request): Culture {
  return cultures[localeOfTag(request.headers.get('accept-language')) ?? defaultLocale];
}

const bearerPattern = /^Bearer ([A-Za-z0-9._~+/-]{1,4096}=*)$/;

/** The session's bearer token the browser passed (spec §6), if it is well formed. */
export function bearerOf(request: Request): string | undefined {
  return bearerPattern.exec(request.headers.get('authorization') ?? '')?.[1];
}

const proxyLists = new WeakMap<readonly string[], BlockList>();

/** Whether an address is one of the configured proxies (the list is compiled once). */
function isTrustedProxy(proxies: readonly string[], address: string): boolean {
  let list = proxyLists.get(proxies);
  if (!list) {
    list = new BlockList();
    for (const entry of proxies) {
      const [network = '', prefix] = entry.split('/');
      const type = isIP(network) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(network, type);
      else list.addSubnet(network, Number(prefix), type);
    }
    proxyLists.set(proxies, list);
  }
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** `::ffff:10.0.0.1`, an IPv4 peer seen on a dual-stack socket, is 10.0.0.1. */
function plainAddress(address: string): string {
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
}

/**
 * The client's address for rate limits and the human check. X-Forwarded-For is read from the
 * right, starting at the socket's peer, and only as far as trusted proxies wrote it: each trusted
 * proxy appends the address it saw, so everything further left is the client's own say.
 */
export function clientOf(request: Request, socketAddress: string, trust: TrustProxy): string {
  const forwarded = (request.headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim());
  const chain = forwarded.filter(Boolean).reverse();
  let client = plainAddress(socketAddress);
  for (let hop = 0; hop < chain.length; hop++) {
    const stillTrusted = 'hops' in trust ? hop < trust.hops : isTrustedProxy(trust.proxies, client);
    const next = plainAddress(chain[hop] ?? '');
    // A trusted proxy writes a real address; anything else ends the walk at that proxy.
    if (!stillTrusted || !isIP(next)) break;
    client = next;
  }
  return client;
}

/**
 * Reads a body of at most `limit` bytes as text, whatever its announced length: a body sent in
 * chunks is read only up to the limit and the rest cancelled, so memory stays bounded.
 */
export async function readBodyText(
  request: Request,
  limit: number,
): Promise<{ tooLarge: true } | { text: string }> {
  if (announcesMoreThan(request, limit)) return { tooLarge: true };
  const body = await readUpTo(request.body, limit);
  return body ? { text: body.toString('utf8') } : { tooLarge: true };
}

/** Reads a JSON body of at most `limit` bytes. Throws a SyntaxError when it is not JSON. */
export async function readJsonBody(
  request: Request,
  limit: number,
): Promise<{ tooLarge: true } | { value: unknown }> {
  const body = await readBodyText(request, limit);
  return 'tooLarge' in body ? body : { value: JSON.parse(body.text) };
}

/**
 * The socket's address, or `undefined` when the client is gone: Astro throws
 * ClientAddressNotAvailable when the connection was reset before the page or endpoint read it,
 * and logs what is thrown with its stack. Anything else it throws is thrown on.
 */
export function clientAddressOf(context: { readonly clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch (error) {
    if (error instanceof Error && error.name === 'ClientAddressNotAvailable') return undefined;
    throw error;
  }
}

/**
 * The answer to a client that left before its request was handled: nobody reads it, nothing
 * was done, and the log has one line at `info` (anyone can cause it at will).
 */
export function clientGone(
  path: string,
  log: (code: string, fields: Record<string, unknown>) => void,
): Response {
  log('clientGone', { path });
  return new Response(null, { status: 400, headers: { 'Cache-Control': 'no-store' } });
}
