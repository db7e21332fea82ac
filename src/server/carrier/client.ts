import * as z from 'zod/mini';
import {
  accessPointsSchema,
  addressSuggestionSchema,
  countrySchema,
  creationAcceptedSchema,
  creationContentType,
  headers,
  idPattern,
  importStatusSchema,
  returnEventsSchema,
  returnPageSchema,
  type AddressPart,
  type CreationRequest,
} from '@parcel-returns/contract';
import type { NearQuery } from '../../lib/dropOff.ts';
import { carrierCalls, type CarrierClientOptions, type CallContext } from './call.ts';
import { CarrierCallError, errorForStatus, invalidReturnToken, unexpected } from './errors.ts';
import { readLabel } from './http.ts';

export type { CallContext, CarrierClientOptions } from './call.ts';

/**
 * The carrier's six calls (spec §7) and the reference carrier's extensions, each as call.ts makes
 * it: every answer parsed with the shared schemas.
 */
export function createCarrierClient(options: CarrierClientOptions) {
  const { send, callJson } = carrierCalls(options);

  return {
    /**
     * The return page of a token; undefined when the carrier does not know it. A token the
     * carrier refuses as malformed (400) throws invalidReturnToken: a not-found link too, but
     * one the site's API answers with 400.
     */
    async returnPage(token: string, ctx: CallContext) {
      try {
        return await callJson(
          'returnPage',
          `ReturnPage?base64Token=${encodeURIComponent(token)}`,
          returnPageSchema,
          ctx,
          { notFoundCode: 'returnPageNotFound', clientCaused: [400, 404] },
        );
      } catch (error) {
        if (error instanceof CarrierCallError && error.status === 404) return undefined;
        if (error instanceof CarrierCallError && error.status === 400) throw invalidReturnToken();
        throw error;
      }
    },

    countries(ctx: CallContext) {
      return callJson('countries', 'ReturnPage/country?Limit=1000&Offset=0', z.array(countrySchema), ctx);
    },

    addressSuggestions(
      query: { street: string; zipCode: string; city: string; calledFrom: AddressPart },
      ctx: CallContext,
    ) {
      const params = new URLSearchParams({
        Street: query.street,
        ZipCode: query.zipCode,
        City: query.city,
        CalledFrom: query.calledFrom,
      });
      return callJson('addressWhisper', `AddressWhisper?${params}`, z.array(addressSuggestionSchema), ctx);
    },

    createReturn(
      request: CreationRequest,
      extra: { humanToken: string; idempotencyKey: string },
      ctx: CallContext,
    ) {
      return callJson('createDormant', 'ReturnPage/dormant', creationAcceptedSchema, ctx, {
        method: 'POST',
        body: JSON.stringify(request),
        headers: {
          'Content-Type': creationContentType,
          [headers.recaptchaToken]: extra.humanToken,
          [headers.idempotencyKey]: extra.idempotencyKey,
        },
      });
    },

    status(batchId: string, ctx: CallContext) {
      if (!idPattern.test(batchId))
        throw new CarrierCallError(400, 'badRequest', 'The batch id is not valid.');
      return callJson('status', `ReturnPage/dormant/status/${batchId}`, importStatusSchema, ctx, {
        notFoundCode: 'batchNotFound',
        clientCaused: [404],
      });
    },

    /**
     * The events of a return made on the link of `token`, oldest first: an extension of the
     * reference carrier (docs/site-api.md). Undefined from a carrier without it (a 404 of any
     * other kind); a batch that link did not make is a 404 `batchNotFound`.
     */
    async events(batchId: string, token: string, ctx: CallContext) {
      if (!idPattern.test(batchId))
        throw new CarrierCallError(400, 'badRequest', 'The batch id is not valid.');
      const path = `ReturnPage/dormant/events/${batchId}?${new URLSearchParams({ base64Token: token })}`;
      try {
        const answer = await callJson('events', path, returnEventsSchema, ctx, {
          notFoundCode: 'eventsUnsupported',
          notFoundCodeInBody: 'batchNotFound',
          clientCaused: [404],
        });
        return answer.events;
      } catch (error) {
        if (error instanceof CarrierCallError && error.code === 'eventsUnsupported') return undefined;
        throw error;
      }
    },

    /**
     * The carrier's access points nearest to a postcode or town in CZ, nearest first: an extension
     * of the reference carrier (`GET /AccessPoint`, carrier/README.md). 'unsupported' from a carrier
     * without it (a 404 of any other kind), 'placeNotFound' when it knows no such place.
     */
    async accessPoints(
      query: NearQuery & { labelless: boolean; limit: number; radiusMetres: number },
      ctx: CallContext,
    ) {
      const params = new URLSearchParams({
        CountryCode: 'CZ',
        ...('zipCode' in query ? { ZipCode: query.zipCode } : { City: query.city }),
        Radius: String(query.radiusMetres),
        Limit: String(query.limit),
        ...(query.labelless && { Labelless: 'true' }),
      });
      try {
        return await callJson('accessPoints', `AccessPoint?${params}`, accessPointsSchema, ctx, {
          notFoundCode: 'accessPointsUnsupported',
          notFoundCodeInBody: 'placeNotFound',
          clientCaused: [404],
        });
      } catch (error) {
        if (error instanceof CarrierCallError && error.code === 'accessPointsUnsupported')
          return 'unsupported';
        if (error instanceof CarrierCallError && error.code === 'placeNotFound') return 'placeNotFound';
        throw error;
      }
    },

    /**
     * Whether the carrier answers an authorised call within `timeoutMs` (for /readyz): the
     * cheapest of the six, one country. Failures are logged like any call's.
     */
    async reachable(timeoutMs: number): Promise<boolean> {
      const request = {
        ctx: { culture: 'cs-CZ' as const },
        retry: false,
        timeoutMs,
        headers: { Accept: 'application/json' },
      };
      try {
        return await send('ready', 'ReturnPage/country?Limit=1&Offset=0', request, async (response) => {
          await response.body?.cancel();
          if (!response.ok) options.log.error('apiException', { call: 'ready', status: response.status });
          return response.ok;
        });
      } catch {
        return false;
      }
    },

    /** The whole label (or the asked-for range of it), read within the call's timeout. */
    async label(
      guid: string,
      extra: { humanToken: string; format: 'label' | 'a4'; range?: string | undefined },
      ctx: CallContext,
    ) {
      if (!idPattern.test(guid)) throw new CarrierCallError(400, 'badRequest', 'The label id is not valid.');
      const path = `ReturnPage/dormant/label/${guid}${extra.format === 'a4' ? '?format=a4' : ''}`;
      const request = {
        ctx,
        retry: true,
        headers: {
          [headers.recaptchaToken]: extra.humanToken,
          Accept: 'application/pdf',
          ...(extra.range && { Range: extra.range }),
        },
      };
      return send('label', path, request, async (response, attempt) => {
        if (response.status !== 200 && response.status !== 206) {
          // A label the carrier does not know is a guessed or stale guid: the client's, not ours.
          options.log[response.status === 404 ? 'info' : 'error']('apiException', {
            call: 'label',
            status: response.status,
          });
          await response.body?.cancel();
          throw errorForStatus(response.status, 'labelNotFound');
        }
        if (!/^application\/pdf\b/i.test(response.headers.get('content-type') ?? '')) {
          options.log.error('unknownError', { call: 'label', detail: 'not a PDF' });
          await response.body?.cancel();
          throw unexpected();
        }
        const pdf = await readLabel(response, attempt);
        return { status: response.status, headers: response.headers, pdf };
      });
    },
  };
}

export type CarrierClient = ReturnType<typeof createCarrierClient>;
