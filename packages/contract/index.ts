/**
 * The carrier API's contract (spec sections 3 and 7) as zod schemas: what travels between the site
 * and any carrier, and nothing of either side's rules. The site's endpoints and islands and the
 * reference carrier import it; it imports neither (decision 039). zod/mini keeps the islands'
 * share of it small.
 */
import * as z from 'zod/mini';
import { emailPattern } from './email.ts';
import { refuseHiddenCharacters } from './hiddenCharacters.ts';
import { countryCodePattern, fieldLimits, idPattern, tokenFromQuery, tokenPattern } from './fields.ts';

export { countryCodePattern, idPattern, tokenFromQuery, tokenPattern };

export const addressTypes = ['Default', 'ReturnConnect'] as const;
export const importStates = ['Accepted', 'InProcess', 'Complete', 'Error'] as const;
export const addressParts = ['Street', 'ZipCode', 'City'] as const;

export type ImportState = (typeof importStates)[number];
export type AddressPart = (typeof addressParts)[number];

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * What a sender typed refuses what the form refuses (hiddenCharacters.ts), so a client
 * that skips the form gets a 400 naming the field. Checked before trimming, as the form does.
 */
const visible = () => refuseHiddenCharacters('Control, line-break and bidi characters are not allowed.');
const typed = (max: number) => z.string().check(visible(), z.trim(), z.minLength(1), z.maxLength(max));
const optionalTyped = (max: number) => z.optional(z.string().check(visible(), z.trim(), z.maxLength(max)));

export const returnAddressSchema = z.object({
  addressType: z.enum(addressTypes),
  name: text(fieldLimits.name),
  street: text(fieldLimits.street),
  zipCode: text(fieldLimits.zipCode),
  city: text(fieldLimits.city),
  country: z.string().check(z.regex(countryCodePattern)),
});

export const returnPageSchema = z.object({
  /** Absent or empty means the link is not valid (spec §4: go to not-found). */
  returnAddresses: z.optional(z.array(returnAddressSchema)),
  prepaidDriverPickUp: z.boolean(),
});

export const senderSchema = z.object({
  name: typed(fieldLimits.name),
  name2: z.optional(z.nullable(z.string().check(visible(), z.maxLength(fieldLimits.name)))),
  contact: typed(fieldLimits.name),
  street: typed(fieldLimits.street),
  zipCode: typed(fieldLimits.zipCode),
  city: typed(fieldLimits.city),
  country: z.string().check(z.regex(countryCodePattern)),
  email: z.string().check(visible(), z.trim(), z.maxLength(fieldLimits.email), z.regex(emailPattern)),
  phone: optionalTyped(fieldLimits.phone),
});

export const creationRequestSchema = z.object({
  base64Token: z.string().check(z.regex(tokenPattern)),
  prepaidDriverPickUp: z.boolean(),
  labelless: z.boolean(),
  sender: senderSchema,
  customerReference: optionalTyped(fieldLimits.customerReference),
});

export const creationAcceptedSchema = z.object({ batchId: z.string().check(z.regex(idPattern)) });

export const importStatusSchema = z.object({
  importState: z.enum(importStates),
  labelGuid: z.optional(z.nullable(z.string().check(z.regex(idPattern)))),
  /**
   * Extensions of the reference carrier, optional for any other: for a Complete label-less
   * return, its SmartPIN and the text its QR code carries, so the sender can show them on screen.
   */
  smartPin: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  qrCode: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
});

/**
 * What happened to a return's parcel after its label, oldest first: an optional extension of the
 * carrier API (`GET /ReturnPage/dormant/events/{batchId}`). `handedOver` with a `place` was at that
 * pick-up point, without one the driver collected it; `returned` went back to the sender.
 */
export const returnEventTypes = [
  'labelCreated',
  'handedOver',
  'inTransit',
  'delivered',
  'notCollected',
  'returned',
] as const;

export const returnEventSchema = z.object({
  type: z.enum(returnEventTypes),
  at: z.iso.datetime(),
  place: z.optional(z.string().check(z.maxLength(200))),
});

export const returnEventsSchema = z.object({ events: z.array(returnEventSchema) });

/**
 * The carrier's access points (pick-up shops and parcel lockers) near a position or place: an
 * optional extension of the carrier API (`GET /AccessPoint`, carrier/README.md), in the shape
 * carriers' point finders answer with. `openingHours` are local times of the point's `timeZone`,
 * per ISO weekday (1 Monday … 7 Sunday), `24:00` closing at midnight; a day not listed is closed.
 * `distance` is in metres from the asked position, nearest first.
 */
export const accessPointTypes = ['shop', 'locker'] as const;

const hhmm = z.string().check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/));

export const openingHoursSchema = z.array(
  z.object({ day: z.number().check(z.int(), z.minimum(1), z.maximum(7)), opens: hhmm, closes: hhmm }),
);

export const positionSchema = z.object({
  latitude: z.number().check(z.minimum(-90), z.maximum(90)),
  longitude: z.number().check(z.minimum(-180), z.maximum(180)),
});

export const accessPointSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(40)),
  type: z.enum(accessPointTypes),
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  address: z.object({
    street: z.string().check(z.maxLength(fieldLimits.street)),
    zipCode: z.string().check(z.maxLength(fieldLimits.zipCode)),
    city: z.string().check(z.maxLength(fieldLimits.city)),
    country: z.string().check(z.regex(countryCodePattern)),
  }),
  position: positionSchema,
  timeZone: z.string().check(z.maxLength(64)),
  openingHours: openingHoursSchema,
  /** Whether it takes a label-less return: prints the label from the code, or scans it. */
  labelless: z.boolean(),
  /** The largest parcel it takes. */
  maxParcel: z.object({
    lengthCm: z.number(),
    widthCm: z.number(),
    heightCm: z.number(),
    weightKg: z.number(),
  }),
  wheelchairAccessible: z.boolean(),
  distance: z.number().check(z.minimum(0)),
});

/** The answer: where the search was made from (the place the carrier found for a postcode or town), and the points. */
export const accessPointsSchema = z.object({
  origin: z.object({ name: z.string().check(z.maxLength(200)), position: positionSchema }),
  accessPoints: z.array(accessPointSchema).check(z.maxLength(50)),
});

export const addressSuggestionSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  referenceNumber: z.optional(z.nullable(z.string())),
  zipCode: z.string(),
  city: z.string(),
});

export const countrySchema = z.object({
  code: z.string().check(z.regex(countryCodePattern)),
  name: z.string(),
  isoName: z.string(),
});

/** The JSON body of every 4xx and 5xx answer: a stable code, a message, and field paths for 400s. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});

export type ReturnAddress = z.infer<typeof returnAddressSchema>;
export type ReturnPage = z.infer<typeof returnPageSchema>;
export type Sender = z.infer<typeof senderSchema>;
export type CreationRequest = z.infer<typeof creationRequestSchema>;
export type ImportStatus = z.infer<typeof importStatusSchema>;
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
export type Country = z.infer<typeof countrySchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
export type ReturnEventType = (typeof returnEventTypes)[number];
export type ReturnEvent = z.infer<typeof returnEventSchema>;
export type ReturnEvents = z.infer<typeof returnEventsSchema>;
export type AccessPointType = (typeof accessPointTypes)[number];
export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type Position = z.infer<typeof positionSchema>;
export type AccessPoint = z.infer<typeof accessPointSchema>;
export type AccessPoints = z.infer<typeof accessPointsSchema>;

/** Header names of the carrier API. */
export const headers = {
  apiKey: 'X-Api-Key',
  applicationName: 'X-Application-Name',
  applicationVersion: 'X-Application-Version',
  recaptchaToken: 'X-Recaptcha-Token',
  idempotencyKey: 'Idempotency-Key',
} as const;

/** The content type the creation call is sent with (spec §7: JSON patch). */
export const creationContentType = 'application/json-patch+json';
