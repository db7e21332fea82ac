/** Secrets the end-to-end server runs with, so tests can prove they never reach a browser. */
export const e2eSecrets = {
  CARRIER_API_KEY: 'e2e-carrier-key-5f0c1d2e3a4b',
  ALTCHA_HMAC_KEY: 'e2e-altcha-hmac-9a8b7c6d5e4f',
} as const;
