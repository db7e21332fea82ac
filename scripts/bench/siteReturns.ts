import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportStatus } from '@parcel-returns/contract';
import { humanCheckHeader, siteApi, type SiteCreationBody } from '../../src/lib/siteApi.ts';
import { demoToken } from './site.ts';
import { nextClientAddress } from './http.ts';

/**
 * Returns created through the site's API exactly as the form island sends them: JSON, a
 * solved human check and a fresh idempotency key, each from its own client address.
 */

/**
 * The creation request of sender `index`: the form's default (a QR code at a pick-up point)
 * and a printed label with driver pickup, alternately; each with its own e-mail address.
 */
export function creationBody(index: number, runId: string): SiteCreationBody {
  const labelless = index % 2 === 0;
  return {
    base64Token: demoToken,
    prepaidDriverPickUp: !labelless,
    // The island sends it once the sender confirmed the charged driver pickup.
    paidServiceConfirmed: !labelless,
    labelless,
    sender: {
      name: 'Jana Nováková',
      contact: 'Jana Nováková',
      street: 'Kumberská 12/1',
      zipCode: '31800',
      city: 'Plzeň',
      country: 'CZ',
      email: `bench-${runId}-${index}@example.cz`,
      phone: '+420 777 123 456',
    },
    customerReference: `BENCH-${index}`,
  };
}

/** POST /api/returns; the batch id of the 202, or an error naming the status and code. */
export async function createReturn(
  siteUrl: string,
  body: SiteCreationBody,
  humanToken: string,
): Promise<string> {
  const response = await fetch(new URL(siteApi.returns, siteUrl), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': 'cs-CZ',
      [humanCheckHeader]: humanToken,
      'Idempotency-Key': crypto.randomUUID(),
      'X-Forwarded-For': nextClientAddress(),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { batchId?: string; code?: string };
  if (response.status !== 202 || !answer.batchId)
    throw new Error(`POST ${siteApi.returns} answered ${response.status} ${answer.code ?? ''}`);
  return answer.batchId;
}

/** GET /api/returns/{batchId} every `everyMs` until the return is Complete or Error (or `timeoutMs` passes). */
export async function waitForLabel(
  siteUrl: string,
  batchId: string,
  { everyMs = 100, timeoutMs = 60_000 } = {},
): Promise<ImportStatus> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const response = await fetch(new URL(siteApi.status(batchId), siteUrl), {
      headers: { 'X-Forwarded-For': nextClientAddress() },
    });
    if (response.status !== 200) throw new Error(`status of ${batchId} answered ${response.status}`);
    const status = (await response.json()) as ImportStatus;
    if (status.importState === 'Complete' || status.importState === 'Error') return status;
    if (performance.now() > deadline)
      throw new Error(`${batchId} still ${status.importState} after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
