import { sentUrl, type AcceptedReturn, type SentNotice } from '../../lib/acceptedReturn.ts';
import { idPattern } from '@parcel-returns/contract';
import { labelFilename } from '../../lib/labelFilename.ts';
import { checkLabelLink } from '../form/labelLink.ts';
import { signedLinkHumanToken } from '../form/noScript.ts';
import { checkHuman, overLimit, type ApiDeps, type ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fromError, problem } from './respond.ts';

/**
 * GET /api/labels/{labelGuid}?format=label|a4 — the label PDF, read whole from the carrier
 * before the answer starts (labels are small; see docs/decisions/007-edge-answers-and-limits.md),
 * so a stalled carrier is a clear 504 and never a truncated 200. Needs a downloadLabel human check,
 * or a link the sent page signed (src/server/form/labelLink.ts); a forged one is a 403.
 */
export async function getLabel(deps: ApiDeps, req: ApiRequest, now = Date.now()): Promise<Response> {
  const guid = req.params['labelGuid'] ?? '';
  if (!idPattern.test(guid)) return problem(400, 'badRequest', 'The label id is not valid.');
  // A signed link from the success screen rendered without scripts stands in for the human check.
  const link = checkLabelLink(deps.labelLinkKey, guid, new URL(req.request.url).searchParams, now);
  if (link.kind === 'invalid') return problem(403, 'labelLinkInvalid', 'The download link is not valid.');
  // A signed link is clicked by a person on the sent page, who is never shown an API's JSON: an
  // expired one leads back to that page, which signs a fresh one; a failed download, the same.
  if (link.kind === 'expired') return backTo(link.from, 'linkExpired');
  const answer = await labelAnswer(deps, req, guid, link.kind === 'valid');
  return link.kind === 'valid' && !answer.ok ? backTo(link.from, 'downloadFailed') : answer;
}

/** The sent page the link was on, signing fresh links, with a word on why the sender is back. */
function backTo(from: AcceptedReturn, notice: SentNotice): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: sentUrl(from, notice), 'Cache-Control': 'no-store' },
  });
}

/** The label itself, or the API's answer why not. */
async function labelAnswer(deps: ApiDeps, req: ApiRequest, guid: string, signed: boolean): Promise<Response> {
  const { request } = req;
  // Per label first, as creations are per link: one sender's downloads do not lock out a shared address.
  const limited =
    (await overLimit(deps, req, 'labelPerLabel', guid)) ?? (await overLimit(deps, req, 'labelPerAddress'));
  if (limited) return limited;
  const human = signed ? { token: signedLinkHumanToken } : await checkHuman(deps, req, 'downloadLabel');
  if ('refused' in human) return human.refused;
  const range = request.headers.get('range') ?? undefined;
  try {
    const upstream = await deps.carrier.label(
      guid,
      {
        humanToken: human.token,
        format: new URL(request.url).searchParams.get('format') === 'a4' ? 'a4' : 'label',
        range: range && /^bytes=\d*-\d*$/.test(range) ? range : undefined,
      },
      { culture: cultureOf(request), bearer: bearerOf(request) },
    );
    const headers = new Headers({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${labelFilename(upstream.headers.get('content-disposition'))}"`,
      'Cache-Control': 'private, no-store',
      'Accept-Ranges': 'bytes',
    });
    const contentRange = upstream.headers.get('content-range');
    if (contentRange) headers.set('Content-Range', contentRange);
    headers.set('Content-Length', String(upstream.pdf.length));
    return new Response(new Uint8Array(upstream.pdf), { status: upstream.status, headers });
  } catch (error) {
    return fromError(error, deps.log, 'label');
  }
}
