import type { AddressInfo } from 'node:net';

/**
 * The address at which a browser on this machine reaches a server listening at `address`: its own
 * port, IPv6 in brackets, and a wildcard address (`--host`) as localhost.
 */
export function listeningUrl({ address, family, port }: AddressInfo): string {
  const host =
    address === '::' || address === '0.0.0.0' ? 'localhost' : family === 'IPv6' ? `[${address}]` : address;
  return `http://${host}:${port}`;
}
