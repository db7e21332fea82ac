import { nearOfSender } from '../../lib/dropOff.ts';
import type { ReturnPage } from '@parcel-returns/contract';
import { sentUrl } from '../../lib/acceptedReturn.ts';
import { toCreationRequest } from '../../lib/creationRequest.ts';
import { attemptOf, idempotencyKeyOf } from '../../lib/idempotencyKey.ts';
import { cultures, localizedPath, type Locale } from '../../lib/locales.ts';
import { emptySenderForm, type PostedFormState, type SenderFormValues } from '../../lib/senderForm.ts';
import type { ApiDeps, ApiRequest } from '../api/deps.ts';
import { readBodyText } from '../api/request.ts';
import { maxBodyBytes } from '../bodyLimits.ts';
import { CarrierCallError } from '../carrier/errors.ts';
import { createReturn } from '../creation.ts';
import { isCrossSiteForm } from '../originCheck.ts';
import { storeRetryAfterSeconds } from '../sharedStore.ts';
import { linkPage } from './loadReturnPage.ts';
import { checkForm, formValues } from './parseForm.ts';

export type FormOutcome =
  | { kind: 'redirect'; location: string }
  | ({ kind: 'form'; status: number; token: string; page: ReturnPage } & PostedFormState)
  | { kind: 'confirm'; token: string; page: ReturnPage; values: SenderFormValues };

/** The posted form, read only up to its limit; 'tooLarge' when it is over (or announced to be). */
async function readForm(request: Request): Promise<URLSearchParams | 'tooLarge'> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? ''))
    return new URLSearchParams();
  const body = await readBodyText(request, maxBodyBytes);
  return 'tooLarge' in body ? 'tooLarge' : new URLSearchParams(body.text);
}

/**
 * POST /returns?token=… (and /en/returns): the form as plain HTML posts here. Checks the fields
 * with the island's schema and rules for their messages, then creates the return through the
 * one creation function (src/server/creation.ts) under the no-script policy, and sends the
 * browser on with a 303 (Post/Redirect/Get), asks for the paid-service confirmation, or answers
 * the form again with its messages.
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
  // Nothing of a form posted from another site (Origin) or of an oversized body is kept: the
  // sender gets the empty form and the reason, and can send it from here (403, 413).
  const refused = (status: 403 | 413, notice: 'crossSite' | 'tooLarge') =>
    ({ kind: 'form', token, page, values: emptySenderForm, errors: {}, status, notice }) as const;
  if (isCrossSiteForm(req.request, url)) return refused(403, 'crossSite');
  const body = await readForm(req.request);
  if (body === 'tooLarge') return refused(413, 'tooLarge');
  const { values, errors } = checkForm(formValues(body), page.prepaidDriverPickUp);
  const form = { kind: 'form', token, page, values } as const;
  // A form sent back is a page like the first one (200): a 4xx would read as a failed load in the browser.
  if (Object.keys(errors).length > 0) return { ...form, status: 200, errors };
  // Spec §4: the paid driver pickup is confirmed first; Cancel keeps the pick-up point.
  if (values.handover === 'driver' && body.get('paidConfirmed') === 'cancel')
    return { ...form, values: { ...values, handover: 'pickupPoint' }, status: 200, errors };
  const request = toCreationRequest(values, token);
  const outcome = await createReturn(deps, req, {
    request,
    paidServiceConfirmed: body.get('paidConfirmed') === 'yes',
    // The form page's address names its attempt; a post without one (a page from before attempts,
    // a client of its own) is an attempt of its own.
    idempotencyKey: await idempotencyKeyOf(request, attemptOf(url.searchParams) ?? crypto.randomUUID()),
    proof: { kind: 'noScript', body },
    path: 'form',
    page,
    ctx,
  });
  switch (outcome.kind) {
    case 'created':
      return {
        kind: 'redirect',
        location: sentUrl({
          locale,
          batchId: outcome.batchId,
          token,
          labelless: outcome.request.labelless,
          driverPickup: outcome.request.prepaidDriverPickUp,
          near: nearOfSender(outcome.request.sender),
        }),
      };
    case 'unconfirmed':
      return { kind: 'confirm', token, page, values };
    case 'tooManyRequests':
      return {
        ...form,
        status: 429,
        errors,
        notice: 'tooManyRequests',
        retryAfterSeconds: outcome.retryAfterSeconds,
      };
    case 'storeUnavailable':
      // Nothing was created: the same form, everything kept, to send again in a few seconds.
      return {
        ...form,
        status: 503,
        errors,
        notice: 'storeUnavailable',
        retryAfterSeconds: storeRetryAfterSeconds,
      };
    case 'scriptsRequired':
      return { ...form, status: 200, errors, notice: 'scriptsRequired' };
    case 'notFound':
      return { kind: 'redirect', location: localizedPath(locale, '/returns/page-not-found') };
    case 'failed':
      // The carrier refused the request (400): the form again; anything else is the error page.
      if (outcome.error instanceof CarrierCallError && outcome.error.status === 400)
        return { ...form, status: 200, errors, notice: 'creationFailed' };
      return failed;
    default:
      // The checks of checkForm passed, so these are a bot (the trap field), a request the
      // form cannot make, or a first post still creating past the carrier's timeout (the key
      // is a digest of the request, so it never conflicts): a creation that did not complete.
      return { ...form, status: 200, errors, notice: 'creationFailed' };
  }
}
