import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitForm } from '../../src/server/form/submitForm.ts';
import { apiKey, startTestCarrier, tokens } from './carrier/harness.ts';
import { testDeps } from './siteApi/harness.ts';

// A body announced over its limit is refused before it is read by the middleware; the hosting
// tests send one (tests/hosting/edgeAnswers.spec.ts). A body without a length is bounded here.
describe('the form page reading a body sent in chunks', { timeout: 20_000 }, () => {
  let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
  beforeAll(async () => {
    carrier = await startTestCarrier();
  });
  afterAll(() => carrier.stop());

  it('stops at the limit and answers the empty form with its message', async () => {
    const { deps } = await testDeps(carrier.carrier.url, apiKey, { timeoutMs: 10_000 });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new TextEncoder().encode(`name=${'x'.repeat(1019)}`));
      },
    });
    const outcome = await submitForm(
      deps,
      {
        request: new Request(`http://site.test/returns/submit?token=${tokens.noDriver}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://site.test' },
          body: endless,
          duplex: 'half',
        } as RequestInit),
        clientAddress: '10.9.0.1',
        params: {},
      },
      'en',
    );
    expect(outcome).toMatchObject({ kind: 'form', status: 413, notice: 'tooLarge', values: { name: '' } });
    expect(pulled).toBeLessThan(64 * 1024);
  });
});
