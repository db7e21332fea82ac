import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago, for a server or driver a test starts. Another
 * process may take it before the test binds it; the tests that use it run one such server each.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('the loopback probe has no port');
  return address.port;
}
