import { createHash } from 'node:crypto';
import type { ReturnPage } from '../../lib/contract.ts';
import { sentUrl } from '../../lib/acceptedReturn.ts';
import { toCreationRequest } from '../../lib/creationRequest.ts';
import { cultures, localizedPath, type Locale } from '../../lib/locales.ts';
import { emptySenderForm, type SenderFormValues } from '../../lib/senderForm.ts';
import { overLimit, type ApiDeps, type ApiRequest } from '../api/deps.ts';
import { bodyTooLargeHeader, maxBodyBytes, readBodyText } from '../api/request.ts';
import { CarrierCallError } from '../carrier/errors.ts';
import { noScriptHumanToken, noScriptPolicy } from './noScript.ts';
import { linkPage } from './loadReturnPage.ts';
import { checkForm, formValues, type FormErrors } from './parseForm.ts';

/** A notice over the whole form, beside the field messages. */
export type FormNotice = 'tooManyRequests' | 'creationFailed' | 'scriptsRequired' | 'tooLarge';

export type FormOutcome =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'form';
      status: number;
      token: string;
      page: ReturnPage;
      values: SenderFormValues;
      errors: FormErrors;
      notice?: FormNotice;
      retryAfterSeconds?: number;
    }
  | { kind: 'confirm'; token: string; page: ReturnPage; values: SenderFormValues };

/** The posted form, read only up to its limit; 'tooLarge' when it is over (or was refused before it came). */
async function readForm(request: Request): Promise<URLSearchParams | 'tooLarge'> {
  if (request.headers.has(bodyTooLargeHeader)) return 'tooLarge';
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
    return new URLSearchParams();
  const body = await readBodyText(request, maxBodyBytes);
  return 'tooLarge' in body ? 'tooLarge' : new URLSearchParams(body.text);
}

/**
 * The idempotency key of a posted form: a digest of the link and the exact request, so a
 * double submit or a POST resent after Back creates one return. The `another` query
 * parameter, which 'return another shipment' puts in the link, makes a deliberate second
 * identical return a request of its own.
 */
export function formIdempotencyKey(request: object, another: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify(request))
    .update(`\n${another ?? ''}`)
    .digest('hex');
}

/**
 * POST /returns?token=… (and /en/returns): the form as plain HTML posts here. Parses the body
 * with the island's schema and rules, asks for the paid-service confirmation, applies the
 * no-script policy and creates the return through the same carrier client, then sends the
 * browser on with a 303 (Post/Redirect/Get), or answers the form again with its messages.
 */
export async function submitForm(deps: ApiDeps, req: ApiRequest, locale: Locale): Promise<FormOutcome> {
  const url = new URL(req.request.url);
  const link = await linkPage(deps, url.searchParams, locale);
  if (link.kind === 'notFound')
    return { kind: 'redirect', location: localizedPath(locale, '/returns/page-not-found') };
  const { token } = link;
  const failed = {
    kind: 'redirect',
    location: `${localizedPath(locale, '/returns/error')}?${new URLSearchParams({ token })}`,
  } as const;
  if (link.kind === 'failed') return failed;
  const { page } = link;
  const ctx = { culture: cultures[locale] };
  const body = await readForm(req.request);
  // Nothing of an oversized body is kept: the sender gets the empty form and the reason (413).
  if (body === 'tooLarge')
    return { kind: 'form', token, page, values: emptySenderForm, errors: {}, status: 413, notice: 'tooLarge' };
  const { values, errors } = checkForm(formValues(body), page.prepaidDriverPickUp);
  const form = { kind: 'form', token, page, values } as const;
  // A form sent back is a page like the first one (200): a 4xx would read as a failed load in the browser.
  if (Object.keys(errors).length > 0) return { ...form, status: 200, errors };
  // Spec §4: the paid driver pickup is confirmed first; Cancel keeps the pick-up point.
  if (values.handover === 'driver' && body.get('paidConfirmed') === 'cancel')
    return { ...form, values: { ...values, handover: 'pickupPoint' }, status: 200, errors };
  if (values.handover === 'driver' && body.get('paidConfirmed') !== 'yes')
    return { kind: 'confirm', token, page, values };

  const limited =
    (await overLimit(deps, req, 'createPerLink', token)) ?? (await overLimit(deps, req, 'createPerAddress'));
  const policy = limited ? undefined : await noScriptPolicy(deps, req, body, token);
  const tooMany =
    limited ?? (policy && !policy.ok && policy.reason === 'tooManyRequests' ? policy.response : undefined);
  if (tooMany) {
    const retryAfterSeconds = Number(tooMany.headers.get('retry-after') ?? 60);
    return { ...form, status: 429, errors, notice: 'tooManyRequests', retryAfterSeconds };
  }
  if (policy && !policy.ok)
    return {
      ...form,
      status: 200,
      errors,
      notice: policy.reason === 'honeypot' ? 'creationFailed' : 'scriptsRequired',
    };

  const request = toCreationRequest(values, token);
  const idempotencyKey = formIdempotencyKey(request, url.searchParams.get('another'));
  try {
    const once = await deps.idempotency.once({ key: idempotencyKey, request, path: 'form' }, () =>
      deps.carrier.createReturn(request, { humanToken: noScriptHumanToken, idempotencyKey }, ctx),
    );
    // The key is a digest of the request, so it never conflicts; a first post still creating
    // past the carrier's timeout is a creation that did not complete, for now.
    if (once.kind !== 'created' && once.kind !== 'replayed')
      return { ...form, status: 200, errors, notice: 'creationFailed' };
    const { batchId } = once;
    const location = sentUrl({
      locale,
      batchId,
      token,
      labelless: request.labelless,
      driverPickup: request.prepaidDriverPickUp,
    });
    return { kind: 'redirect', location };
  } catch (error) {
    if (error instanceof CarrierCallError && error.status === 400)
      return { ...form, status: 200, errors, notice: 'creationFailed' };
    return failed;
  }
}
