import * as z from 'zod/mini';
import {
  accessPointsSchema,
  addressSuggestionSchema,
  apiErrorSchema,
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
import type { Culture } from '../../lib/locales.ts';
import type { NearQuery } from '../../lib/dropOff.ts';
import type { SiteLogger } from '../log.ts';
import { CarrierCallError, errorForStatus, fieldsOf, invalidReturnToken, unexpected } from './errors.ts';
import { fetchWithRetry, measured, readJson, readLabel } from './http.ts';

export interface CarrierClientOptions {
  baseUrl: string;
  apiKey: string;
  appName: string;
  appVersion: string;
  timeoutMs: number;
  log: SiteLogger;
  fetch?: typeof fetch;
}

/** Per request: the sender's culture, and the bearer token of their session if the browser had one. */
export interface CallContext {
  culture: Culture;
  bearer?: string | undefined;
}

/**
 * The carrier's six calls (spec §7). Every call carries the API key, the application's name
 * and version, no-cache and accept-language; every answer is parsed with the shared schemas.
 */
export function createCarrierClient(options: CarrierClientOptions) {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const doFetch = options.fetch ?? fetch;

  function requestHeaders(ctx: CallContext, extra: Record<string, string> = {}): Headers {
    const h = new Headers({
      [headers.apiKey]: options.apiKey,
      [headers.applicationName]: options.appName,
      [headers.applicationVersion]: options.appVersion,
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': ctx.culture,
      ...extra,
    });
    if (ctx.bearer) h.set('Authorization', `Bearer ${ctx.bearer}`);
    return h;
  }

  function callJson<T extends z.ZodMiniType>(
    call: string,
    path: string,
    schema: T,
    ctx: CallContext,
    init: {
      method?: 'GET' | 'POST';
      body?: string;
      headers?: Record<string, string>;
      notFoundCode?: string;
      /** A 404 whose body names this code is that code's (an extension answers it; a carrier without one does not). */
      notFoundCodeInBody?: string;
      /** Statuses a client causes (a guessed link or batch): logged as info, not as an error. */
      clientCaused?: readonly number[];
    } = {},
  ): Promise<z.infer<T>> {
    return measured(call, doFetch, async (fetch) => {
      const attempt = {
        call,
        log: options.log,
        timeoutMs: options.timeoutMs,
        retry: init.method !== 'POST',
        fetch,
      };
      const response = await fetchWithRetry(
        new URL(path, base),
        {
          method: init.method ?? 'GET',
          headers: requestHeaders(ctx, { Accept: 'application/json', ...init.headers }),
          ...(init.body !== undefined && { body: init.body }),
        },
        attempt,
      );
      if (!response.ok) {
        const error = errorForStatus(response.status, init.notFoundCode ?? 'notFound');
        const clientCaused = init.clientCaused?.includes(response.status) ?? false;
        options.log[clientCaused ? 'info' : 'error']('apiException', { call, status: response.status });
        if (response.status === 400 && !clientCaused) {
          const body = apiErrorSchema.safeParse(await readJson(response, attempt).catch(() => undefined));
          throw new CarrierCallError(
            400,
            error.code,
            error.message,
            body.success ? fieldsOf(body.data) : undefined,
          );
        }
        if (response.status === 404 && init.notFoundCodeInBody) {
          const body = apiErrorSchema.safeParse(await readJson(response, attempt).catch(() => undefined));
          if (body.success && body.data.code === init.notFoundCodeInBody)
            throw new CarrierCallError(404, body.data.code, body.data.message);
          throw error;
        }
        await response.body?.cancel();
        throw error;
      }
      const parsed = schema.safeParse(await readJson(response, attempt));
      if (!parsed.success) {
        options.log.error('unknownError', { call, detail: 'answer does not match the contract' });
        throw unexpected();
      }
      return parsed.data;
    });
  }

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
      try {
        return await measured('ready', doFetch, async (fetch) => {
          const attempt = { call: 'ready', log: options.log, timeoutMs, retry: false, fetch };
          const response = await fetchWithRetry(
            new URL('ReturnPage/country?Limit=1&Offset=0', base),
            { headers: requestHeaders({ culture: 'cs-CZ' }, { Accept: 'application/json' }) },
            attempt,
          );
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
      return measured('label', doFetch, async (fetch) => {
        const attempt = {
          call: 'label',
          log: options.log,
          timeoutMs: options.timeoutMs,
          retry: true,
          fetch,
        };
        const url = new URL(
          `ReturnPage/dormant/label/${guid}${extra.format === 'a4' ? '?format=a4' : ''}`,
          base,
        );
        const response = await fetchWithRetry(
          url,
          {
            headers: requestHeaders(ctx, {
              [headers.recaptchaToken]: extra.humanToken,
              Accept: 'application/pdf',
              ...(extra.range && { Range: extra.range }),
            }),
          },
          attempt,
        );
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
