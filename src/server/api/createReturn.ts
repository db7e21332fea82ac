import { idempotencyKeyPattern } from '../../lib/siteApi.ts';
import { createReturn } from '../creation.ts';
import {
  humanCheckFailed,
  storeUnavailable,
  tooManyRequests,
  type ApiDeps,
  type ApiRequest,
} from './deps.ts';
import { maxBodyBytes } from '../bodyLimits.ts';
import { bearerOf, cultureOf, readJsonBody } from './request.ts';
import { fieldErrors, fromError, json, problem } from './respond.ts';

/**
 * POST /api/returns — creates a return through the one creation function (src/server/creation.ts),
 * which the form posted without scripts calls too. The body is the creation request of spec §3
 * with `paidServiceConfirmed`, which the island sends after its dialog; the browser's
 * Idempotency-Key makes a double submit or a retry one return, and goes to the carrier too.
 */
export async function postReturn(deps: ApiDeps, req: ApiRequest): Promise<Response> {
  const { request } = req;
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return problem(415, 'unsupportedMediaType', 'Send the request as application/json.');
  }
  const idempotencyKey = request.headers.get('idempotency-key') ?? '';
  if (!idempotencyKeyPattern.test(idempotencyKey)) {
    return problem(400, 'idempotencyKeyMissing', 'An Idempotency-Key header (a UUID) is required.');
  }
  let body: Awaited<ReturnType<typeof readJsonBody>>;
  try {
    body = await readJsonBody(request, maxBodyBytes);
  } catch {
    return problem(400, 'invalidJson', 'The body is not valid JSON.');
  }
  if ('tooLarge' in body) return problem(413, 'payloadTooLarge', 'The request is too large.');
  const confirmed = (body.value as { paidServiceConfirmed?: unknown } | null)?.paidServiceConfirmed === true;
  const outcome = await createReturn(deps, req, {
    request: body.value,
    paidServiceConfirmed: confirmed,
    idempotencyKey,
    proof: { kind: 'humanCheck' },
    path: 'api',
    ctx: { culture: cultureOf(request), bearer: bearerOf(request) },
  });
  switch (outcome.kind) {
    case 'created':
      return json({ batchId: outcome.batchId }, 202);
    case 'invalid':
      return problem(400, 'badRequest', 'Some fields are not valid.', fieldErrors(outcome.issues));
    case 'unconfirmed':
      return problem(400, 'paidServiceNotConfirmed', 'Driver pickup is charged: confirm it first.');
    case 'tooManyRequests':
      return tooManyRequests(outcome.retryAfterSeconds);
    case 'notHuman':
      return humanCheckFailed(outcome.code);
    case 'notFound':
      return problem(404, 'returnPageNotFound', 'This return link is not valid.');
    case 'choiceNotAllowed':
      return problem(
        400,
        'choiceNotAllowed',
        'This choice is not available for this return.',
        outcome.paths.map((path) => ({ path, message: 'not allowed' })),
      );
    case 'keyReused':
      return problem(409, 'idempotencyKeyReused', 'This idempotency key was used for a different request.');
    case 'inProgress':
      return problem(409, 'requestInProgress', 'This request is still being processed. Try again shortly.');
    case 'storeUnavailable':
      return storeUnavailable();
    case 'failed':
      return fromError(outcome.error, deps.log, 'createDormant');
  }
}
