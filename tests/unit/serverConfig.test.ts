import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadServerConfig } from '../../server/config.ts';

describe('server configuration', () => {
  it('has working defaults', () => {
    expect(loadServerConfig({})).toEqual({ PORT: 4321, HOST: '127.0.0.1' });
    expect(loadServerConfig({ PORT: '', HOST: '' })).toEqual({ PORT: 4321, HOST: '127.0.0.1' });
  });

  it('needs an API key with a carrier URL', () => {
    expect(() => loadServerConfig({ CARRIER_API_URL: 'https://api.carrier.example' })).toThrow(
      expect.objectContaining({ fields: ['CARRIER_API_KEY'] }),
    );
    expect(
      loadServerConfig({ CARRIER_API_URL: 'https://api.carrier.example', CARRIER_API_KEY: 'k'.repeat(32) }),
    ).toMatchObject({ CARRIER_API_URL: 'https://api.carrier.example' });
  });

  it('reads the port and host', () => {
    expect(loadServerConfig({ PORT: '8080', HOST: '0.0.0.0' })).toEqual({ PORT: 8080, HOST: '0.0.0.0' });
  });

  it('fails with the spec message and names every bad variable', () => {
    let caught: unknown;
    try {
      loadServerConfig({ PORT: 'eighty', HOST: '   ' });
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
