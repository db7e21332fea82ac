/**
 * What the browser is told when a carrier call fails: an HTTP status and a stable code.
 * The carrier's own body never reaches the browser; field paths of a 400 do, as they are
 * the sender's to fix.
 */
export class CarrierCallError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: { path: string; message: string }[] | undefined;
  constructor(status: number, code: string, message: string, fields?: { path: string; message: string }[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const unexpected = () =>
  new CarrierCallError(502, 'unexpectedError', 'An unexpected server error occurred.');

/** A return link's token that the carrier refused as malformed: the sender's link is not valid. */
export const invalidReturnToken = () =>
  new CarrierCallError(400, 'invalidReturnToken', 'This return link is not valid.');

// A field path as the site's own schemas write them (`sender.zipCode`, `sender.street`).
const fieldPath = /^[A-Za-z][A-Za-z0-9]{0,40}(\.[A-Za-z][A-Za-z0-9]{0,40}){0,3}$/;

/**
 * The fields of a carrier's 400, for the browser: the paths, which are the sender's to fix,
 * with the site's own words; a carrier's message never reaches a browser.
 */
export function fieldsOf(body: { fields?: { path: string; message?: string }[] | undefined }) {
  return body.fields
    ?.filter((field) => fieldPath.test(field.path))
    .slice(0, 20)
    .map((field) => ({ path: field.path, message: 'The carrier refused this value.' }));
}

/** Spec §8's handled statuses, as the browser sees them; anything else is unexpected. */
export function errorForStatus(status: number, notFoundCode: string): CarrierCallError {
  switch (status) {
    case 400:
      return new CarrierCallError(400, 'badRequest', 'The carrier refused the request as invalid.');
    case 404:
      return new CarrierCallError(404, notFoundCode, 'The carrier does not know this item.');
    case 409:
      return new CarrierCallError(
        409,
        'idempotencyKeyReused',
        'This idempotency key was used for a different request.',
      );
    case 304:
      return new CarrierCallError(502, 'notModified', 'The carrier answered Not Modified.');
    case 405:
      return new CarrierCallError(502, 'methodNotAllowed', 'The carrier refused the method.');
    case 500:
      return new CarrierCallError(502, 'internalServerError', 'The carrier had an internal error.');
    case 503:
      return new CarrierCallError(
        503,
        'serviceUnavailable',
        'The carrier is unavailable. Please try again later.',
      );
    default:
      return unexpected();
  }
}
