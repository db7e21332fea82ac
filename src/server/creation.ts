import { importOutcome } from '../lib/acceptedReturn.ts';
import { creationRequestSchema, type CreationRequest, type ReturnPage } from '@parcel-returns/contract';
import { isCountryCode } from '../lib/countries.ts';
import { refusedChoices } from '../lib/rules.ts';
import { limitWait, verifyHuman, type ApiDeps, type ApiRequest } from './api/deps.ts';
import type { CallContext } from './carrier/client.ts';
import { noScriptHumanToken, noScriptPolicy } from './form/noScript.ts';
import { recordStoreRefusal } from './metrics.ts';
import { StoreUnavailableError } from './sharedStore.ts';

/**
 * How the sender shows to be a person: the island's human check (a token in a header), or,
 * for the form posted without scripts, the no-script policy (decision 015) over the posted body.
 */
export type HumanCheckProof = { kind: 'humanCheck' };
export type NoScriptProof = { kind: 'noScript'; body: URLSearchParams };
export type Proof = HumanCheckProof | NoScriptProof;

export interface Creation {
  /** The creation request of spec §3 as it came; parsed here, with the one schema. */
  request: unknown;
  /** Spec §4: driver pickup is charged, so the sender confirmed it (the island's dialog, the plain form's step). */
  paidServiceConfirmed: boolean;
  idempotencyKey: string;
  proof: Proof;
  /** Which path it came by, for the idempotency store's metrics. */
  path: 'api' | 'form';
  /** The link's return page when the caller has read it already (the form post renders it). */
  page?: ReturnPage;
  ctx: CallContext;
}

/** What a creation can end in on either path; each path words it its own way (JSON, or the form again). */
export type CommonOutcome =
  | { kind: 'created'; batchId: string; request: CreationRequest }
  | { kind: 'invalid'; issues: readonly { path: readonly PropertyKey[]; message: string }[] }
  | { kind: 'unconfirmed' }
  | { kind: 'tooManyRequests'; retryAfterSeconds: number }
  | { kind: 'notFound' }
  | { kind: 'choiceNotAllowed'; paths: string[] }
  | { kind: 'keyReused' }
  | { kind: 'inProgress' }
  /** The shared store did not answer: nothing was created, and nothing exact was guessed (decision 026). */
  | { kind: 'storeUnavailable' }
  /** The carrier refused or failed: the error, for the path to word (CarrierCallError or anything thrown). */
  | { kind: 'failed'; error: unknown };

/** The human check's refusal: only the island's path can meet it. */
export type NotHuman = { kind: 'notHuman'; code: string };
/** The no-script policy's refusals: only the form posted without scripts can meet them. */
export type NoScriptRefusal = { kind: 'scriptsRequired' } | { kind: 'honeypot' };

export type CreationOutcome = CommonOutcome | NotHuman | NoScriptRefusal;

function refusedForStore(): { kind: 'storeUnavailable' } {
  recordStoreRefusal('createDormant');
  return { kind: 'storeUnavailable' };
}

/**
 * Creates a return: the one function behind POST /api/returns and the form posted as plain HTML.
 * In this order: the schema; the paid-service confirmation (nothing spent yet); the limits per
 * link, then per address (a refused link does not count against an address shared by many
 * senders); the human check or the no-script policy; the link's page and the spec's choices
 * on it, which the carrier of the spec does not check; then the carrier, once per idempotency
 * key whatever the carrier does with the key (src/server/idempotency/). When the shared store
 * cannot answer for the token or the key, nothing is created (storeUnavailable).
 */
export function createReturn(
  deps: ApiDeps,
  req: ApiRequest,
  creation: Creation & { proof: HumanCheckProof },
): Promise<CommonOutcome | NotHuman>;
export function createReturn(
  deps: ApiDeps,
  req: ApiRequest,
  creation: Creation & { proof: NoScriptProof },
): Promise<CommonOutcome | NoScriptRefusal>;
export function createReturn(deps: ApiDeps, req: ApiRequest, creation: Creation): Promise<CreationOutcome>;
export async function createReturn(
  deps: ApiDeps,
  req: ApiRequest,
  creation: Creation,
): Promise<CreationOutcome> {
  const parsed = creationRequestSchema.safeParse(creation.request);
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues };
  const request = parsed.data;
  if (request.prepaidDriverPickUp && !creation.paidServiceConfirmed) return { kind: 'unconfirmed' };

  const wait =
    (await limitWait(deps, req, 'createPerLink', request.base64Token)) ??
    (await limitWait(deps, req, 'createPerAddress'));
  if (wait !== undefined) return { kind: 'tooManyRequests', retryAfterSeconds: wait };

  let humanToken: string;
  if (creation.proof.kind === 'humanCheck') {
    const human = await verifyHuman(deps, req, 'createDormant');
    if (!human.ok && human.code === 'storeUnavailable') return refusedForStore();
    if (!human.ok) return { kind: 'notHuman', code: human.code };
    humanToken = human.token;
  } else {
    const policy = await noScriptPolicy(deps, req, creation.proof.body, request.base64Token);
    if (!policy.ok)
      return policy.reason === 'tooManyRequests'
        ? { kind: 'tooManyRequests', retryAfterSeconds: policy.retryAfterSeconds }
        : { kind: policy.reason };
    humanToken = noScriptHumanToken;
  }

  try {
    const page = creation.page ?? (await deps.carrier.returnPage(request.base64Token, creation.ctx));
    if (!page?.returnAddresses?.length) return { kind: 'notFound' };
    const paths = [
      ...refusedChoices(request, page.prepaidDriverPickUp),
      ...(isCountryCode(request.sender.country) ? [] : ['sender.country']),
    ];
    if (paths.length > 0) return { kind: 'choiceNotAllowed', paths };

    const { idempotencyKey } = creation;
    const once = await deps.idempotency.once(
      { key: idempotencyKey, request, path: creation.path },
      (carrierKey) =>
        deps.carrier.createReturn(request, { humanToken, idempotencyKey: carrierKey }, creation.ctx),
      // The rule of the sent page and the island's polling (acceptedReturn.ts); the client logs a failed call.
      async (batchId) => {
        const status = await deps.carrier.status(batchId, creation.ctx).catch(() => undefined);
        return status !== undefined && importOutcome(status).kind === 'failed';
      },
    );
    if (once.kind === 'conflict') return { kind: 'keyReused' };
    if (once.kind === 'busy') return { kind: 'inProgress' };
    return { kind: 'created', batchId: once.batchId, request };
  } catch (error) {
    if (error instanceof StoreUnavailableError) return refusedForStore();
    return { kind: 'failed', error };
  }
}
