import { creationRequestSchema } from '../../lib/contract.ts';
import { isCountryCode } from '../../lib/countries.ts';
import { refusedChoices } from '../../lib/rules.ts';
import { idempotencyKeyPattern } from '../../lib/siteApi.ts';
import { checkHuman, overLimit, type ApiDeps, type ApiRequest } from './deps.ts';
import { bearerOf, cultureOf, maxBodyBytes, readJsonBody } from './request.ts';
import { fieldErrors, fromError, json, problem } from './respond.ts';

/**
 * POST /api/returns — creates a return. The body is the creation request of spec §3, parsed
 * again here; the human check is verified before the carrier hears of it; the site keeps the
 * browser's idempotency key with its outcome (src/server/idempotency/), so a double submit or a
 * retry creates one return whatever the carrier does with the key, which it gets too.
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
  const parsed = creationRequestSchema.safeParse(body.value);
  if (!parsed.success)
    return problem(400, 'badRequest', 'Some fields are not valid.', fieldErrors(parsed.error.issues));
  // Per return link first, so senders sharing an address (an office, a mobile network's NAT)
  // are not locked out by one of them: a refused link does not count against the address.
  // The link is known only from the body, which is bounded and costs the carrier nothing.
  const limited =
    (await overLimit(deps, req, 'createPerLink', parsed.data.base64Token)) ??
    (await overLimit(deps, req, 'createPerAddress'));
  if (limited) return limited;
  const human = await checkHuman(deps, req, 'createDormant');
  if ('refused' in human) return human.refused;
  const ctx = { culture: cultureOf(request), bearer: bearerOf(request) };
  try {
    // Spec §4's choices, which the carrier of the spec does not check: the link's page decides
    // driver pickup, the country decides it and the label-less return.
    const page = await deps.carrier.returnPage(parsed.data.base64Token, ctx);
    if (!page?.returnAddresses?.length)
      return problem(404, 'returnPageNotFound', 'This return link is not valid.');
    const refused: string[] = [
      ...refusedChoices(parsed.data, page.prepaidDriverPickUp),
      ...(isCountryCode(parsed.data.sender.country) ? [] : ['sender.country']),
    ];
    if (refused.length > 0)
      return problem(
        400,
        'choiceNotAllowed',
        'This choice is not available for this return.',
        refused.map((path) => ({ path, message: 'not allowed' })),
      );
    // Spec §4: a charged service is confirmed first; the island sends this after its dialog.
    const confirmed = (body.value as { paidServiceConfirmed?: unknown }).paidServiceConfirmed === true;
    if (parsed.data.prepaidDriverPickUp && !confirmed)
      return problem(400, 'paidServiceNotConfirmed', 'Driver pickup is charged: confirm it first.');
    const submission = { key: idempotencyKey, request: parsed.data, path: 'api' } as const;
    const once = await deps.idempotency.once(submission, () =>
      deps.carrier.createReturn(
        parsed.data,
        { humanToken: human.token, idempotencyKey },
        ctx,
      ),
    );
    if (once.kind === 'conflict')
      return problem(409, 'idempotencyKeyReused', 'This idempotency key was used for a different request.');
    if (once.kind === 'busy')
      return problem(409, 'requestInProgress', 'This request is still being processed. Try again shortly.');
    return json({ batchId: once.batchId }, 202);
  } catch (error) {
    return fromError(error, deps.log, 'createDormant');
  }
}
