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
