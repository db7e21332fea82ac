import { describe, expect, it } from 'vitest';
import type { Country } from '@parcel-returns/contract';
import { cultures } from '../../src/lib/locales.ts';
import {
  buildCountryOptions,
  countryName,
  countryOptions,
} from '../../src/islands/returnForm/countryOptions.ts';

const carrierList: Country[] = [
  { code: 'CZ', name: 'Česká republika', isoName: 'Czechia' },
  { code: 'DE', name: 'Německo', isoName: 'Germany' },
];

describe('country names (spec §2: local names in Czech, ISO names otherwise)', () => {
  it('names a country from the carrier list once it has loaded', () => {
    expect(countryName('DE', 'cs-CZ', carrierList, () => [])).toBe('Německo');
    expect(countryName('DE', 'en-US', carrierList, () => [])).toBe('Germany');
  });

  it('names it from the list the page was built with before the carrier list has loaded', () => {
    expect(countryName('SK', 'cs-CZ', [], () => buildCountryOptions('cs-CZ'))).toBe('Slovensko');
    expect(countryName('SK', 'en-US', [], () => buildCountryOptions('en-US'))).toBe('Slovakia');
  });

  it('names it by CLDR in a language the carrier list has no names in, before and after it loads', () => {
    for (const [culture, name] of [
      ['sk-SK', 'Nemecko'],
      ['pl-PL', 'Niemcy'],
      ['hu-HU', 'Németország'],
    ] as const) {
      const built = () => buildCountryOptions(culture);
      expect(countryName('DE', culture, [], built)).toBe(name);
      expect(countryName('DE', culture, carrierList, built)).toBe(name);
      expect(countryOptions(carrierList, culture, built()).find((o) => o.value === 'DE')?.label).toBe(name);
    }
    // A country the build did not know keeps its ISO name.
    expect(countryName('DE', 'pl-PL', carrierList, () => [])).toBe('Germany');
  });

  it('prefers the carrier list over the built one, and falls back to the code', () => {
    let read = 0;
    const built = () => {
      read += 1;
      return [{ value: 'DE', label: 'an older name' }];
    };
    expect(countryName('DE', 'cs-CZ', carrierList, built)).toBe('Německo');
    // The page's list is read only when the carrier's does not have the country.
    expect(read).toBe(0);
    expect(countryName('XX', 'cs-CZ', carrierList, built)).toBe('XX');
    expect(read).toBe(1);
  });

  it('sorts the options as the culture sorts', () => {
    const labels = countryOptions(carrierList, 'cs-CZ').map((o) => o.label);
    expect(labels).toEqual(['Česká republika', 'Německo']);
  });
});

describe('the carrier list in the order of the list the page was built with', () => {
  const built = [
    { value: 'CZ', label: 'Česká republika' },
    { value: 'CH', label: 'Švýcarsko' },
    { value: 'DE', label: 'Německo' },
  ];
  const list: Country[] = [
    { code: 'DE', name: 'Německo', isoName: 'Germany' },
    { code: 'CH', name: 'Švýcarsko', isoName: 'Switzerland' },
    { code: 'CZ', name: 'Česká republika', isoName: 'Czechia' },
  ];

  it('takes the built order when it holds every name', () => {
    // The built list is taken as sorted, even where it is not: proof that its order is used.
    expect(countryOptions(list, 'cs-CZ', built).map((o) => o.value)).toEqual(['CZ', 'CH', 'DE']);
  });

  it('sorts as the culture sorts when a name is new or renamed since the build', () => {
    const renamed = list.map((c) => (c.code === 'CZ' ? { ...c, name: 'Česko' } : c));
    expect(countryOptions(renamed, 'cs-CZ', built).map((o) => o.label)).toEqual([
      'Česko',
      'Německo',
      'Švýcarsko',
    ]);
    const added: Country[] = [...list, { code: 'AT', name: 'Rakousko', isoName: 'Austria' }];
    expect(countryOptions(added, 'en-US', built).map((o) => o.label)).toEqual([
      'Austria',
      'Czechia',
      'Germany',
      'Switzerland',
    ]);
  });

  it('matches the culture\u2019s own sort for the built list', () => {
    for (const culture of Object.values(cultures)) {
      const built = buildCountryOptions(culture);
      const collator = new Intl.Collator(culture);
      const sorted = [...built].sort((a, b) => collator.compare(a.label, b.label));
      expect(built).toEqual(sorted);
    }
  });
});
