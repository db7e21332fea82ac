import { describe, expect, it } from 'vitest';
import { translations } from '../../src/i18n/index.ts';
import { localizedPath, locales } from '../../src/lib/locales.ts';
import { refusalOf } from '../../src/server/answers.ts';

describe('a refusal on a page’s address', () => {
  it.each(locales)('is a sentence in %s for a bad and a too-large request, its length in bytes', (locale) => {
    const t = translations(locale).refusal;
    for (const [status, said] of [
      [400, t.badRequest()],
      [413, t.payloadTooLarge()],
      [405, t.methodNotAllowed()],
    ] as const) {
      for (const path of [
        localizedPath(locale, '/returns/x%zz'),
        `${localizedPath(locale, '/returns')}?token=a`,
      ]) {
        const refused = refusalOf(path, status);
        expect(refused.body, path).toBe(said);
        expect(refused.headers['Content-Type']).toBe('text/plain; charset=utf-8');
        expect(refused.headers['Content-Length']).toBe(String(Buffer.byteLength(said)));
      }
    }
    if (locale !== 'en') expect(t.badRequest()).not.toBe(translations('en').refusal.badRequest());
  });

  it('stays the API’s JSON and the status text on addresses that are no page', () => {
    expect(JSON.parse(refusalOf('/api/returns', 413).body)).toEqual({
      code: 'payloadTooLarge',
      message: 'The request is too large.',
    });
    expect(refusalOf('/healthz', 405).body).toBe('Method Not Allowed');
    expect(refusalOf('/favicon.svg', 400).body).toBe('Bad Request');
  });
});
