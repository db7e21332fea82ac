import type { Country } from '@parcel-returns/contract';

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. */
// Marked pure so that a browser bundle importing this module only on the server drops it.
const codes =
  /* @__PURE__ */ `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV
BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM
FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM
JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR
MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS
RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

const czech = /* @__PURE__ */ new Intl.DisplayNames(['cs'], { type: 'region' });
const english = /* @__PURE__ */ new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Every country with its Czech local name (`name`) and its English ISO name (`isoName`),
 * from the Unicode CLDR data built into Node, ordered by code: the site's own list, beside the
 * one the carrier serves (carrier/countries.ts, decision 039).
 */
export const countries: readonly Country[] = /* @__PURE__ */ codes.map((code) => ({
  code,
  name: czech.of(code) ?? code,
  isoName: english.of(code) ?? code,
}));

/**
 * Every country's name in a culture's language (`sk-SK`, `cs-CZ`), from the same CLDR data, in
 * the list's order: the names the form page's native list shows in that language.
 */
export function countryNamesIn(culture: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([culture], { type: 'region' });
  return codes.map((code) => ({ code, name: names.of(code) ?? code }));
}

const known = /* @__PURE__ */ new Set(codes);

/** Whether `code` is an assigned country code: the server refuses any other (spec §5, country required). */
export function isCountryCode(code: string): boolean {
  return known.has(code);
}
