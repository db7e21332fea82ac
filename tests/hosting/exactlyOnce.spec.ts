import { expect, test } from '@playwright/test';
import { solveAltcha } from '../../src/islands/humanCheck/altcha.ts';
import { humanCheckHeader, siteApi } from '../../src/lib/siteApi.ts';
import { returnsFor } from '../carrierDb.ts';
import { clientOfItsOwn } from '../e2e/fixtures.ts';
import { ownCopyOf } from '../e2e/returnLinks.ts';
import { sender } from '../unit/carrier/fixtures.ts';
import { carrierDbPath } from './ports.ts';

/**
 * What must happen exactly once, whichever instance or isolate a request reaches: one carrier
 * creation for one idempotency key, even for two requests at the same moment, and one use of a
 * human-check token. The Node target keeps them in its process (or Redis); the edge in a Durable
 * Object per key.
 */

const creation = (email: string) => ({
  base64Token: ownCopyOf('noDriver'),
  prepaidDriverPickUp: false,
  labelless: true,
  sender: { ...sender, email },
});

test('two requests with one idempotency key at the same moment create one return', async ({ baseURL }) => {
  const client = clientOfItsOwn().headers;
  const email = `once-${crypto.randomUUID()}@example.cz`;
  const key = crypto.randomUUID();
  const body = JSON.stringify(creation(email));
  const tokens = await Promise.all(
    [1, 2].map(() => solveAltcha(`${baseURL}${siteApi.challenge}`, 'createDormant')),
  );
  const answers = await Promise.all(
    tokens.map((token) =>
      fetch(`${baseURL}${siteApi.returns}`, {
        method: 'POST',
        headers: {
          ...client,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
          [humanCheckHeader]: token,
        },
        body,
      }),
    ),
  );
  const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { batchId?: string }[];
  // One created it; the other waited for that outcome and got the same return.
  expect(
    answers.map((answer) => answer.status),
    JSON.stringify(bodies),
  ).toEqual([202, 202]);
  expect(bodies[0]?.batchId).toBeTruthy();
  expect(bodies[1]?.batchId).toBe(bodies[0]?.batchId);
  expect(returnsFor(carrierDbPath, email)).toBe(1);
});

test('a human-check token works once', async ({ baseURL }) => {
  const token = await solveAltcha(`${baseURL}${siteApi.challenge}`, 'createDormant');
  const client = clientOfItsOwn().headers;
  const send = () =>
    fetch(`${baseURL}${siteApi.returns}`, {
      method: 'POST',
      headers: {
        ...client,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
        [humanCheckHeader]: token,
      },
      body: JSON.stringify(creation(`replay-${crypto.randomUUID()}@example.cz`)),
    });
  const first = await send();
  expect(first.status, await first.text()).toBe(202);
  const replay = await send();
  expect(replay.status).toBe(403);
  expect(await replay.json()).toMatchObject({ code: 'humanCheckReused' });
});
