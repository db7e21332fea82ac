import { createServer } from 'node:net';

/**
 * Opening a listening port with an answer an operator can act on. A port another process
 * holds used to end `npm start` with a raw EADDRINUSE stack; now it is one line that names
 * the port and the variable that sets it. A package of its own, which imports neither the site nor
 * the carrier, so that both processes use it as they would a library (decision 039).
 */
interface Listener {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: 'error', callback: (error: NodeJS.ErrnoException) => void): unknown;
  off(event: 'error', callback: (error: NodeJS.ErrnoException) => void): unknown;
}

/** A port that cannot be opened; its message is the one line to print. */
export class PortUnavailableError extends Error {
  readonly code = 'portUnavailable';
}

/** Why a port could not be opened, in one line naming the variable to change. */
export function portMessage(
  error: NodeJS.ErrnoException,
  port: number,
  host: string,
  variable: string,
): string {
  if (error.code === 'EADDRINUSE')
    return `Port ${port} on ${host} is already in use: set ${variable} to a free port (0 picks one).`;
  if (error.code === 'EACCES')
    return `Port ${port} on ${host} needs privileges this process lacks: set ${variable} to a port above 1023.`;
  if (error.code === 'EADDRNOTAVAIL')
    return `Address ${host} is not on this machine: set the host for ${variable} to a local address.`;
  return `Port ${port} on ${host} cannot be opened (${error.code ?? error.message}): check ${variable}.`;
}

/** Listens on `port` and `host`; a failure rejects with a PortUnavailableError. */
export function listenOn(server: Listener, port: number, host: string, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(new PortUnavailableError(portMessage(error, port, host, variable)));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * A loopback port that was free a moment ago, for a server that cannot be told to pick one and
 * say which, or a driver a test starts. Another process may take it first.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('the loopback probe has no port');
  return address.port;
}
