import { describe, expect, it } from 'vitest';
import { sentUrl } from '../../src/lib/acceptedReturn.ts';
import { keptQuery, pageQueryParams } from '../../src/lib/pageQuery.ts';

const token = 'ab+cd/ef+gh0123456789==';

describe('the query a page carries on', () => {
  it('keeps the page parameters in their order, escaped, without lng', () => {
    const asked = new URLSearchParams({ another: 'a&b', lng: 'en', token, type: 'qr' });
    expect(keptQuery(asked)).toBe(`another=a%26b&token=${encodeURIComponent(token)}&type=qr`);
  });

  it('leaves behind whatever no page reads: tracking tags, made-up names, other cases', () => {
    const asked = new URLSearchParams(`token=t1&utm_source=mail&fbclid=x&Token=t2&n=1&notice=linkExpired`);
    expect(keptQuery(asked)).toBe('token=t1&notice=linkExpired');
    expect(keptQuery(new URLSearchParams('utm_source=mail&lng=en'))).toBe('');
  });

  it('keeps a parameter given twice as it came: the page reads the first', () => {
    expect(keptQuery(new URLSearchParams('token=a&token=b'))).toBe('token=a&token=b');
  });

  it('names every parameter of the sent page’s URL, so a cached or switched page never loses one', () => {
    const url = new URL(
      sentUrl({ locale: 'en', batchId: 'b1', token, labelless: true, driverPickup: false }, 'linkExpired'),
      'http://site.test',
    );
    for (const name of url.searchParams.keys()) expect(pageQueryParams).toContain(name);
  });
});
