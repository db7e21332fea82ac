import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseSync } from 'node:sqlite';
import * as z from 'zod/mini';
import {
  addressParts,
  creationContentType,
  creationRequestSchema,
  headers,
  type ImportStatus,
} from '@parcel-returns/contract';
import { codeWorksFrom, courierCollects } from '../rules.ts';
import type { LabelLanguage } from '../labels/labelTexts.ts';
import { searchAddresses } from '../addresses/index.ts';
import { countries, countryPage } from '../countries.ts';
import { smartPinPayload } from '../labels/smartPin.ts';
import { findLabel } from '../store/labels.ts';
import { findReturnPage } from '../store/returnPages.ts';
import { createReturn, findReturn } from '../store/returns.ts';
import { accessPoints } from './accessPoints.ts';
import { returnEvents } from './events.ts';
import { checkId, checkToken } from './params.ts';
import { fieldErrors, HttpError, readBody, sendJson } from './respond.ts';
import { parseRange } from './range.ts';

export interface RouteContext {
  db: DatabaseSync;
  language: LabelLanguage;
  /** Tells the worker a new return is waiting. */
  onCreated: () => void;
}

export type Handler = (
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  id?: string,
) => Promise<void> | void;

const maxBodyBytes = 16 * 1024;

function query<T extends z.ZodMiniType>(schema: T, url: URL): z.infer<T> {
  const result = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!result.success)
    throw new HttpError(400, 'badRequest', 'The query is not valid.', fieldErrors(result.error.issues));
  return result.data;
}

const headerValue = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

function requireRecaptchaToken(req: IncomingMessage): void {
  const token = headerValue(req, headers.recaptchaToken);
  if (!token || token.length > 4096) {
    throw new HttpError(400, 'recaptchaTokenMissing', `The ${headers.recaptchaToken} header is required.`);
  }
}

const returnPage: Handler = (ctx, _req, res, url) => {
  const base64Token = checkToken(url);
  const page = findReturnPage(ctx.db, base64Token);
  if (!page) throw new HttpError(404, 'returnPageNotFound', 'No return page has this token.');
  sendJson(res, 200, page.page);
};

const countryList: Handler = (_ctx, _req, res, url) => {
  const { Limit, Offset } = query(
    z.object({
      Limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 1000),
      Offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
    }),
    url,
  );
  sendJson(res, 200, countryPage(Limit, Offset), { 'X-Total-Count': String(countries.length) });
};

const addressWhisper: Handler = (ctx, _req, res, url) => {
  const part = z.optional(z.string().check(z.maxLength(100)));
  const q = query(
    z.object({ Street: part, ZipCode: part, City: part, CalledFrom: z.enum(addressParts) }),
    url,
  );
  const suggestions = searchAddresses(ctx.db, {
    ...(q.Street !== undefined && { street: q.Street }),
    ...(q.ZipCode !== undefined && { zipCode: q.ZipCode }),
    ...(q.City !== undefined && { city: q.City }),
    calledFrom: q.CalledFrom,
  });
  sendJson(res, 200, suggestions);
};

const createDormant: Handler = async (ctx, req, res) => {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== creationContentType && type !== 'application/json') {
    throw new HttpError(415, 'unsupportedMediaType', `Send the request as ${creationContentType}.`);
  }
  requireRecaptchaToken(req);
  const idempotencyKey = headerValue(req, headers.idempotencyKey);
  if (idempotencyKey && !/^[\x21-\x7e]{8,128}$/.test(idempotencyKey)) {
    throw new HttpError(400, 'badRequest', `The ${headers.idempotencyKey} header is not valid.`);
  }
  let json: unknown;
  try {
    json = JSON.parse((await readBody(req, maxBodyBytes)).toString('utf8'));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'invalidJson', 'The body is not valid JSON.');
  }
  const parsed = creationRequestSchema.safeParse(json);
  if (!parsed.success)
    throw new HttpError(400, 'badRequest', 'The request is not valid.', fieldErrors(parsed.error.issues));
  const request = parsed.data;
  const page = findReturnPage(ctx.db, request.base64Token);
  if (!page) throw new HttpError(404, 'returnPageNotFound', 'No return page has this token.');
  const country = request.sender.country;
  if (request.prepaidDriverPickUp && !courierCollects(page.page.prepaidDriverPickUp, country)) {
    throw new HttpError(400, 'driverPickupNotAllowed', 'Driver pickup is not available for this return.', [
      { path: 'prepaidDriverPickUp', message: 'Not available for this page and country' },
    ]);
  }
  if (request.labelless && !codeWorksFrom(country)) {
    throw new HttpError(400, 'labellessNotAllowed', 'A label-less return is only possible from CZ.', [
      { path: 'labelless', message: 'Only for CZ' },
    ]);
  }
  const outcome = createReturn(ctx.db, { pageId: page.id, request, language: ctx.language, idempotencyKey });
  if (outcome.kind === 'conflict') {
    throw new HttpError(
      409,
      'idempotencyKeyReused',
      'This idempotency key was used for a different request.',
    );
  }
  if (outcome.kind === 'created') ctx.onCreated();
  sendJson(res, 202, { batchId: outcome.record.batchId });
};

const status: Handler = (ctx, _req, res, _url, id) => {
  const record = findReturn(ctx.db, checkId(id, 'batchId'));
  if (!record) throw new HttpError(404, 'batchNotFound', 'No return has this batch id.');
  const complete = record.state === 'Complete';
  const body: ImportStatus = {
    importState: record.state,
    labelGuid: complete ? record.labelGuid : null,
    ...(complete &&
      record.smartPin &&
      record.shipmentNumber && {
        smartPin: record.smartPin,
        qrCode: smartPinPayload(record.smartPin, record.shipmentNumber),
      }),
  };
  sendJson(res, 200, body);
};

const label: Handler = (ctx, req, res, url, id) => {
  const guid = checkId(id, 'dataGuid');
  requireRecaptchaToken(req);
  const format = url.searchParams.get('format') === 'a4' ? 'a4' : 'label';
  const stored = findLabel(ctx.db, guid, format);
  if (!stored) throw new HttpError(404, 'labelNotFound', 'No label has this id.');
  const pdf = Buffer.from(stored.pdf);
  const common = {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${stored.filename}"`,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
  };
  const range = parseRange(headerValue(req, 'range'), pdf.length);
  if (range === null) {
    throw new HttpError(416, 'rangeNotSatisfiable', 'The range is outside the file.', undefined, {
      'Content-Range': `bytes */${pdf.length}`,
    });
  }
  if (range) {
    res.writeHead(206, {
      ...common,
      'Content-Range': `bytes ${range.start}-${range.end}/${pdf.length}`,
      'Content-Length': range.end - range.start + 1,
    });
    res.end(req.method === 'HEAD' ? undefined : pdf.subarray(range.start, range.end + 1));
    return;
  }
  res.writeHead(200, { ...common, 'Content-Length': pdf.length });
  res.end(req.method === 'HEAD' ? undefined : pdf);
};

/**
 * The six calls of spec §7 and the reference carrier's extension (the events of a return), by
 * exact path; `{id}` matches one path segment.
 */
export const routes: { method: 'GET' | 'POST'; path: RegExp; handler: Handler }[] = [
  { method: 'GET', path: /^\/AddressWhisper$/, handler: addressWhisper },
  { method: 'GET', path: /^\/ReturnPage$/, handler: returnPage },
  { method: 'POST', path: /^\/ReturnPage\/dormant$/, handler: createDormant },
  { method: 'GET', path: /^\/ReturnPage\/dormant\/status\/([^/]*)$/, handler: status },
  { method: 'GET', path: /^\/ReturnPage\/dormant\/label\/([^/]*)$/, handler: label },
  { method: 'GET', path: /^\/ReturnPage\/dormant\/events\/([^/]*)$/, handler: returnEvents },
  { method: 'GET', path: /^\/ReturnPage\/country$/, handler: countryList },
];

/** The access-point extension (`CARRIER_ACCESS_POINTS`, on by default). */
export const accessPointRoute: (typeof routes)[number] = {
  method: 'GET',
  path: /^\/AccessPoint$/,
  handler: accessPoints,
};
