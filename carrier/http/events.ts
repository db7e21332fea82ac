import type { ReturnEvents } from '@parcel-returns/contract';
import { parcelEvents, toReturnEvent } from '../store/parcelEvents.ts';
import { findReturnOfPage } from '../store/returns.ts';
import { checkId, checkToken } from './params.ts';
import { HttpError, sendJson } from './respond.ts';
import type { Handler } from './routes.ts';

/**
 * `GET /ReturnPage/dormant/events/{batchId}?base64Token=`: an extension of the carrier API, so the
 * sender can follow a return until the shop has it. A return of another page is as unknown as one
 * that does not exist: a link shows nothing of another link's returns. A return without a label
 * (Accepted, InProcess, Error) has no events yet.
 */
export const returnEvents: Handler = (ctx, _req, res, url, id) => {
  const batchId = checkId(id, 'batchId');
  const token = checkToken(url);
  const record = findReturnOfPage(ctx.db, batchId, token);
  if (!record) throw new HttpError(404, 'batchNotFound', 'No return of this return page has this batch id.');
  const body: ReturnEvents = { events: parcelEvents(ctx.db, record.id).map(toReturnEvent) };
  sendJson(res, 200, body);
};
