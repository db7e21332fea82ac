import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPages } from '../../../carrier/seed.ts';
import { createReturnPage } from '../../../carrier/store/returnPages.ts';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import { createRateLimits, type LimitSettings } from '../../../src/server/rateLimits.ts';
import { apiKey, sender, startTestCarrier } from '../carrier/harness.ts';
import { creationRequest, testDeps } from './harness.ts';

// One public address for a whole office or a mobile network's carrier-grade NAT.
const sharedAddress = '203.0.113.77';

let carrier: Awaited<ReturnType<typeof startTestCarrier>>;
beforeAll(async () => {
  carrier = await startTestCarrier();
});
afterAll(() => carrier.stop());

/** A return link of its own for each sender, as every shop's customer gets one. */
const newLink = () => createReturnPage(carrier.carrier.db, { ...demoPages[1]!, token: undefined }).token;

/** A site whose limits are the defaults, with `limits` overriding some, as the RATE_LIMIT_* variables do. */
async function site(limits: Partial<LimitSettings> = {}) {
  // A generous carrier timeout: a slow answer on a busy machine is not what these tests are about.
  const { deps } = await testDeps(carrier.carrier.url, apiKey, {
    timeoutMs: 10_000,
    limits: createRateLimits({ limits }),
  });
  return (link: string) =>
    postReturn(
      deps,
      creationRequest(
        { base64Token: link, prepaidDriverPickUp: false, labelless: true, sender },
        {},
        sharedAddress,
      ),
    );
}

// Each creation is a real one at the reference carrier: a few seconds on a busy machine.
describe('creation limits behind one shared address', { timeout: 30_000 }, () => {
  it('lets every sender with their own link through while one abuser is limited', async () => {
    const create = await site();
    const abuser = newLink();
    const abuse: Response[] = [];
    for (let i = 0; i < 15; i += 1) abuse.push(await create(abuser));
    expect(abuse.map((res) => res.status)).toEqual([
      ...Array<number>(10).fill(202),
      ...Array<number>(5).fill(429),
    ]);
    expect(Number(abuse.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await abuse.at(-1)!.json()).toMatchObject({ code: 'tooManyRequests' });
    const senders: number[] = [];
    for (let i = 0; i < 12; i += 1) senders.push((await create(newLink())).status);
    expect(senders).toEqual(Array(12).fill(202));
  });

  it('still stops one address at its ceiling, counting only what its links were allowed', async () => {
    const create = await site({
      createPerLink: { points: 3, duration: 600 },
      createPerAddress: { points: 8, duration: 600 },
    });
    const abuser = newLink();
    // Three allowed, four refused by the link's limit: only the three count against the address.
    for (let i = 0; i < 7; i += 1) await create(abuser);
    const senders: number[] = [];
    for (let i = 0; i < 6; i += 1) senders.push((await create(newLink())).status);
    expect(senders).toEqual([...Array<number>(5).fill(202), 429]);
  });
});
