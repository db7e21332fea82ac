import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadSiteConfig, rateLimitSettings } from '../../src/server/config.ts';

describe('server configuration', () => {
  it('has working defaults', () => {
    expect(loadSiteConfig({})).toMatchObject({
      PORT: 4321,
      HOST: '127.0.0.1',
      HUMAN_CHECK: 'altcha',
      TRUST_PROXY: { hops: 0 },
    });
    expect(loadSiteConfig({ PORT: '', HOST: '' })).toMatchObject({ PORT: 4321, HOST: '127.0.0.1' });
  });

  it('needs an API key with a carrier URL', () => {
    expect(() => loadSiteConfig({ CARRIER_API_URL: 'https://api.carrier.example' })).toThrow(
      expect.objectContaining({ fields: ['CARRIER_API_KEY'] }),
    );
    expect(
      loadSiteConfig({ CARRIER_API_URL: 'https://api.carrier.example', CARRIER_API_KEY: 'k'.repeat(32) }),
    ).toMatchObject({ CARRIER_API_URL: 'https://api.carrier.example' });
  });

  it('reads the port and host', () => {
    expect(loadSiteConfig({ PORT: '8080', HOST: '0.0.0.0' })).toMatchObject({ PORT: 8080, HOST: '0.0.0.0' });
  });

  it('serves metrics on loopback port 9464 unless told otherwise; a port, 0 or off', () => {
    expect(loadSiteConfig({})).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(loadSiteConfig({ METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      METRICS_PORT: 9100,
      METRICS_HOST: '10.0.0.5',
    });
    expect(loadSiteConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(loadSiteConfig({ METRICS_PORT: 'off' }).METRICS_PORT).toBe('off');
    expect(loadSiteConfig({ METRICS_PORT: ' Off ' }).METRICS_PORT).toBe('off');
    for (const garbage of ['none', 'false', '-1', '65536', '9464abc', '1e3', '0x10', '94.64'])
      expect(() => loadSiteConfig({ METRICS_PORT: garbage }), garbage).toThrow(
        expect.objectContaining({ fields: ['METRICS_PORT'] }),
      );
  });

  it('reads each rate limit as requests per seconds, leaving the unset ones to their defaults', () => {
    const config = loadSiteConfig({
      RATE_LIMIT_CREATE_PER_LINK: '5/300',
      RATE_LIMIT_CHALLENGES_PER_ADDRESS: '1000/60',
    });
    expect(rateLimitSettings(config)).toEqual({
      createPerLink: { points: 5, duration: 300 },
      challenge: { points: 1000, duration: 60 },
    });
    expect(() =>
      loadSiteConfig({
        RATE_LIMIT_CREATE_PER_ADDRESS: '100 per 10 minutes',
        RATE_LIMIT_LABEL_PER_LABEL: '0/60',
      }),
    ).toThrow(
      expect.objectContaining({ fields: ['RATE_LIMIT_CREATE_PER_ADDRESS', 'RATE_LIMIT_LABEL_PER_LABEL'] }),
    );
  });

  it('needs the reCAPTCHA keys when reCAPTCHA is chosen', () => {
    expect(() => loadSiteConfig({ HUMAN_CHECK: 'recaptcha' })).toThrow(
      expect.objectContaining({ fields: ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET'] }),
    );
  });

  it('fails with the spec message and names every bad variable', () => {
    let caught: unknown;
    try {
      loadSiteConfig({ PORT: 'eighty', HOST: '   ' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect(caught).toMatchObject({
      message: 'Configuration parameter load failed.',
      code: 'configurationParameterLoadFailed',
      fields: ['PORT', 'HOST'],
    });
  });
});
