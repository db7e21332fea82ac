import { describe, expect, it } from 'vitest';
import { isCrossSiteForm } from '../../src/server/originCheck.ts';

const site = new URL('https://returns.example/returns?token=abc');
const post = (headers: Record<string, string>) => new Request(site, { method: 'POST', headers, body: 'a=1' });

describe('the cross-site form check', () => {
  it('refuses a form, text or untyped post from another site or from nowhere', () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'])
      for (const origin of [{ Origin: 'https://evil.example' }, {}])
        expect(isCrossSiteForm(post({ 'Content-Type': type, ...origin }), site)).toBe(true);
    expect(isCrossSiteForm(new Request(site, { method: 'DELETE' }), site)).toBe(true);
  });

  it("lets the site's own form post through, so the form page works without JavaScript", () => {
    const form = post({
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'https://returns.example',
    });
    expect(isCrossSiteForm(form, site)).toBe(false);
  });

  it('leaves reads and JSON (which needs a preflight the site never grants) to the endpoints', () => {
    expect(isCrossSiteForm(new Request(site), site)).toBe(false);
    expect(
      isCrossSiteForm(post({ 'Content-Type': 'application/json', Origin: 'https://evil.example' }), site),
    ).toBe(false);
  });
});
