import { describe, expect, it } from 'vitest';
import { clientOf } from '../../src/server/api/request.ts';
import { loadSiteConfig, type TrustProxy } from '../../src/server/config.ts';

/** The client address the site sees for a request from `socket` carrying `forwarded`. */
function client(trust: TrustProxy, socket: string, forwarded?: string): string {
  const headers: Record<string, string> = forwarded === undefined ? {} : { 'X-Forwarded-For': forwarded };
  return clientOf(new Request('http://site.test/api/returns', { headers }), socket, trust);
}

const trustFrom = (value: string) => loadSiteConfig({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count and a list of proxies', () => {
    expect(loadSiteConfig({}).TRUST_PROXY).toEqual({ hops: 0 });
    expect(trustFrom('false')).toEqual({ hops: 0 });
    expect(trustFrom('TRUE')).toEqual({ hops: 1 });
    expect(trustFrom('0')).toEqual({ hops: 0 });
    expect(trustFrom('2')).toEqual({ hops: 2 });
    expect(trustFrom('10.0.0.0/8, 192.0.2.7 ,::1,2001:db8::/32')).toEqual({
      proxies: ['10.0.0.0/8', '192.0.2.7', '::1', '2001:db8::/32'],
    });
  });

  it('refuses anything else and names the variable', () => {
    for (const bad of ['yes', '-1', '1.5', '10.0.0.0/33', '10.0.0.1,', 'proxy.example', '::1/129', '1/2/3'])
      expect(() => loadSiteConfig({ TRUST_PROXY: bad }), bad).toThrow(
        expect.objectContaining({ fields: ['TRUST_PROXY'] }),
      );
  });
});

describe('the client address behind proxies', () => {
  it('is the socket address when no proxy is trusted, whatever the header says', () => {
    expect(client({ hops: 0 }, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('behind one trusted hop is the address the proxy saw, not the one the client wrote', () => {
    // What nginx's $proxy_add_x_forwarded_for forwards when the client sent its own header.
    expect(client({ hops: 1 }, '127.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(client({ hops: 1 }, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(client({ hops: 1 }, '::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(client({ hops: 1 }, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('gives made-up addresses in front of the proxy no new identity', () => {
    const seen = new Set(
      Array.from({ length: 15 }, (_, i) => client({ hops: 1 }, '127.0.0.1', `10.9.8.${i}, 203.0.113.9`)),
    );
    expect([...seen]).toEqual(['203.0.113.9']);
  });

  it('counts several hops from the right', () => {
    expect(client({ hops: 2 }, '10.0.0.2', 'spoofed, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
    expect(client({ hops: 3 }, '10.0.0.2', '203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
  });

  it('with a list, skips the listed proxies and stops at the first other address', () => {
    const trust = trustFrom('10.0.0.0/8,192.0.2.7');
    expect(client(trust, '10.1.2.3', '1.2.3.4, 203.0.113.9, 192.0.2.7')).toBe('203.0.113.9');
    expect(client(trust, '10.1.2.3', '1.2.3.4, 203.0.113.9, 10.0.0.5')).toBe('203.0.113.9');
    // A peer that is no listed proxy speaks for itself only.
    expect(client(trust, '198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    expect(client(trustFrom('2001:db8::/32'), '2001:db8::1', '2001:db9::9, 2001:db8::2')).toBe('2001:db9::9');
  });

  it('does not take a value that is no address from a trusted proxy', () => {
    expect(client({ hops: 1 }, '127.0.0.1', '203.0.113.9, <script>')).toBe('127.0.0.1');
    expect(client({ hops: 2 }, '127.0.0.1', 'junk, 10.0.0.1')).toBe('10.0.0.1');
  });
});
