import { describe, expect, it } from 'vitest';
import { sentUrl } from '../../src/lib/acceptedReturn.ts';
import { cacheKeyParams, keptQuery, sentQueryParams } from '../../src/lib/pageQuery.ts';

const token = 'ab+cd/ef+gh0123456789==';

describe('the query a page carries on', () => {
  it('keeps the parameters its page reads in their order, escaped, without lng', () => {
    const asked = new URLSearchParams({ notice: 'linkExpired', lng: 'en', token, type: 'qr' });
    expect(keptQuery(asked, '/returns/sent/b1')).toBe(
      `notice=linkExpired&token=${encodeURIComponent(token)}&type=qr`,
    );
    // The form page and the status pages read the token alone.
    expect(keptQuery(asked)).toBe(`token=${encodeURIComponent(token)}`);
    expect(keptQuery(asked, '/returns/error')).toBe(`token=${encodeURIComponent(token)}`);
  });

  it('leaves behind whatever no page reads: tracking tags, made-up names, other cases, the attempt', () => {
    const asked = new URLSearchParams(
      `token=t1&utm_source=mail&fbclid=x&Token=t2&n=1&notice=linkExpired&attempt=${crypto.randomUUID()}&another=1`,
    );
    expect(keptQuery(asked, '/returns/sent/b1')).toBe('token=t1&notice=linkExpired');
    expect(keptQuery(asked)).toBe('token=t1');
    expect(keptQuery(new URLSearchParams('utm_source=mail&lng=en'))).toBe('');
  });

  it('keeps a parameter given twice as it came: the page reads the first', () => {
    expect(keptQuery(new URLSearchParams('token=a&token=b'))).toBe('token=a&token=b');
  });

  it('names every parameter of the sent page’s URL, so a switched page never loses one', () => {
    const url = new URL(
      sentUrl({ locale: 'en', batchId: 'b1', token, labelless: true, driverPickup: false }, 'linkExpired'),
      'http://site.test',
    );
    for (const name of url.searchParams.keys()) expect(sentQueryParams).toContain(name);
  });

  it('keys the kept pages by the token and the language only', () => {
    expect([...cacheKeyParams].sort()).toEqual(['lng', 'token']);
  });
});
