import type { ReturnAddress } from '@parcel-returns/contract';
import { describe, expect, it } from 'vitest';
import { countries as carrierCountries } from '../../carrier/countries.ts';
import { languageOfTag } from '../../carrier/languages.ts';
import { codeWorksFrom, courierCollects, labelRecipient } from '../../carrier/rules.ts';
import { countries } from '../../src/lib/countries.ts';
import { cultures, locales } from '../../src/lib/locales.ts';
import { driverPickupAllowed, labellessAllowed, recipientAddress } from '../../src/lib/rules.ts';

/**
 * The site shows the spec's rules; the reference carrier keeps its own, as a real carrier does
 * (decision 039). Written apart, they must still give the same answers: a site that offers a choice
 * the carrier refuses, or a carrier that refuses what the spec allows, fails here, whichever side moved.
 */
const codes = countries.map((country) => country.code);

describe('the site and the reference carrier agree', () => {
  it.each([true, false])('on driver pickup from every country, when the page pays for it: %s', (pays) => {
    const offered = codes.filter((code) => driverPickupAllowed(pays, code));
    expect(codes.filter((code) => courierCollects(pays, code))).toEqual(offered);
  });

  it('on the countries a label-less return may come from', () => {
    expect(codes.filter(codeWorksFrom)).toEqual(codes.filter(labellessAllowed));
  });

  it('on the address a return goes to, from home and abroad, with and without a ReturnConnect address', () => {
    const address = (addressType: ReturnAddress['addressType'], name: string): ReturnAddress => ({
      addressType,
      name,
      street: 'Americká 2222/42',
      zipCode: '30100',
      city: 'Plzeň',
      country: 'CZ',
    });
    const pages = [
      [address('Default', 'Shop'), address('ReturnConnect', 'Hub')],
      [address('ReturnConnect', 'Hub'), address('Default', 'Shop')],
      [address('Default', 'Shop')],
    ];
    for (const page of pages)
      for (const country of ['CZ', 'SK', 'DE', 'US'])
        expect(labelRecipient(page, country)).toBe(recipientAddress(page, country));
  });

  it('on the countries there are: the island swaps the server-rendered list for the carrier’s', () => {
    expect(carrierCountries.map((country) => country.code)).toEqual(codes);
  });

  it.each(locales)('on writing a label and its e-mail in the language of %s', (locale) => {
    expect(languageOfTag(cultures[locale])).toBe(locale);
  });
});
