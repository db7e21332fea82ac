import * as z from 'zod/mini';
import { addressParts } from '@parcel-returns/contract';
import { homeCountry } from '../../lib/rules.ts';
import { CarrierCallError } from '../carrier/errors.ts';
import { overLimit, type ApiDeps, type ApiRequest } from './deps.ts';
import { bearerOf, cultureOf } from './request.ts';
import { fieldErrors, fromError, json, problem } from './respond.ts';
import { countryCodePattern } from '@parcel-returns/contract/fields';

const part = z._default(z.string().check(z.maxLength(100)), '');
const querySchema = z.object({
  street: part,
  zipCode: part,
  city: part,
  calledFrom: z.enum(addressParts),
  country: z._default(z.string().check(z.regex(countryCodePattern)), homeCountry),
});

/** GET /api/addresses — address suggestions; spec §5: only for Czech addresses. */
export async function getAddressSuggestions(deps: ApiDeps, req: ApiRequest): Promise<Response> {
  const limited = await overLimit(deps, req, 'suggestions');
  if (limited) return limited;
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(req.request.url).searchParams));
  if (!parsed.success)
    return problem(400, 'badRequest', 'The query is not valid.', fieldErrors(parsed.error.issues));
  const { country, ...query } = parsed.data;
  if (country !== homeCountry) return json([]);
  try {
    const suggestions = await deps.carrier.addressSuggestions(query, {
      culture: cultureOf(req.request),
      bearer: bearerOf(req.request),
    });
    return json(suggestions.slice(0, 10));
  } catch (error) {
    // Spec §8: 304 and 405 are handled answers of this call; the sender simply gets no suggestions.
    if (error instanceof CarrierCallError && ['notModified', 'methodNotAllowed'].includes(error.code))
      return json([]);
    return fromError(error, deps.log, 'addressWhisper');
  }
}
