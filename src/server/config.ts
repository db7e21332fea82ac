import { isIP } from 'node:net';
import { z } from 'zod';
import type { LimitSettings } from './rateLimits.ts';

/**
 * Which proxies in front of the site may name the client in X-Forwarded-For: a number of hops
 * (0: the socket's peer is the client) or the proxies' own addresses and networks.
 */
export type TrustProxy = { hops: number } | { proxies: readonly string[] };

/** `10.0.0.1` or `10.0.0.0/8` (IPv4 or IPv6), the forms TRUST_PROXY lists its proxies in. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** `false` (the default), `true` (one hop: the proxy in front), a hop count, or a comma-separated list. */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .default('false')
  .transform((text, ctx): TrustProxy => {
    if (text === 'false') return { hops: 0 };
    if (text === 'true') return { hops: 1 };
    if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
    const proxies = text.split(',').map((entry) => entry.trim());
    if (proxies.every(isAddressOrNetwork)) return { proxies };
    ctx.addIssue({ code: 'custom', message: 'false, true, a hop count or proxy addresses/CIDRs' });
    return z.NEVER;
  });

/** The metrics port unless METRICS_PORT says otherwise: 9464, the OpenTelemetry Prometheus exporter's default. */
const defaultMetricsPort = 9464;

/** A port (0 picks a free one) or `off`. */
const metricsPort = z
  .string()
  .trim()
  .toLowerCase()
  .default(String(defaultMetricsPort))
  .refine(
    (text) => text === 'off' || (/^\d{1,5}$/.test(text) && Number(text) <= 65535),
    'a port (0 picks a free one) or off',
  )
  .transform((text): number | 'off' => (text === 'off' ? 'off' : Number(text)));

/** A secret's type: every variable declared with it is secret (docs/configuration.md says so). */
export const optionalSecret = z.string().trim().min(16, 'at least 16 characters').optional();
/** A rate limit as `requests/seconds` (e.g. `10/600`); unset, the default in src/server/rateLimits.ts. */
const rateLimit = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,6}\/[1-9]\d{0,6}$/, 'requests/seconds, e.g. 10/600')
  .transform((value) => {
    const [points, duration] = value.split('/');
    return { points: Number(points), duration: Number(duration) };
  })
  .optional();

/**
 * The site's environment, declared once; docs/configuration.md and `.env.example` document each
 * variable. Read by the site server at start (a bad environment stops it) and by the endpoints.
 */
export const siteConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** Prometheus metrics at /metrics on a port of their own (src/server/node/metricsServer.ts); `off` serves none. */
    METRICS_PORT: metricsPort,
    /** Loopback by default: the scraper comes to the machine, the public never does. */
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** The carrier API: the site server needs it; unset, `npm start` runs the reference carrier beside it and sets it. */
    CARRIER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    CARRIER_API_KEY: optionalSecret,
    CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    APP_NAME: z.string().trim().min(1).max(64).default('parcel-returns-portal'),
    APP_VERSION: z.string().trim().min(1).max(32).default('0.1.0'),
    HUMAN_CHECK: z.enum(['altcha', 'recaptcha']).default('altcha'),
    ALTCHA_HMAC_KEY: optionalSecret,
    RECAPTCHA_SITE_KEY: z.string().trim().min(1).optional(),
    RECAPTCHA_SECRET: optionalSecret,
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    RATE_LIMIT_CREATE_PER_LINK: rateLimit,
    RATE_LIMIT_CREATE_PER_ADDRESS: rateLimit,
    RATE_LIMIT_NO_SCRIPT_PER_LINK: rateLimit,
    RATE_LIMIT_NO_SCRIPT_PER_ADDRESS: rateLimit,
    NO_SCRIPT_SUBMISSIONS: z.enum(['on', 'off']).default('on'),
    RATE_LIMIT_LABEL_PER_LABEL: rateLimit,
    RATE_LIMIT_LABEL_PER_ADDRESS: rateLimit,
    RATE_LIMIT_SUGGESTIONS_PER_ADDRESS: rateLimit,
    RATE_LIMIT_DROP_OFF_PER_ADDRESS: rateLimit,
    RATE_LIMIT_CHALLENGES_PER_ADDRESS: rateLimit,
    RATE_LIMIT_REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    TRUST_PROXY: trustProxy,
    /** The content editor on this server (off unless set; built in only when set at build too). */
    CONTENT_EDITOR: z.enum(['on', 'off']).default('off'),
    /** `user:password` the editor asks for over HTTP Basic; required with CONTENT_EDITOR=on. */
    CONTENT_EDITOR_CREDENTIALS: z
      .string()
      .regex(/^[^:\s]+:\S{12,}$/, 'user:password, the password at least 12 characters')
      .optional(),
  })
  .superRefine((env, ctx) => {
    const require = (field: keyof typeof env, when: string) =>
      env[field] === undefined &&
      ctx.addIssue({ code: 'custom', path: [field], message: `required ${when}` });
    if (env.CARRIER_API_URL) require('CARRIER_API_KEY', 'with CARRIER_API_URL');
    if (env.HUMAN_CHECK === 'recaptcha') {
      require('RECAPTCHA_SITE_KEY', 'with HUMAN_CHECK=recaptcha');
      require('RECAPTCHA_SECRET', 'with HUMAN_CHECK=recaptcha');
    }
  });

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Thrown when the environment is incomplete or wrong; names every bad variable. */
export class ConfigurationError extends Error {
  readonly code = 'configurationParameterLoadFailed';
  readonly fields: string[];
  constructor(fields: string[]) {
    super('Configuration parameter load failed.');
    this.fields = fields;
  }

  /** The one line a start that stops on it writes to standard error (spec §8's structured error). */
  toLogLine(): string {
    return JSON.stringify({ code: this.code, message: this.message, fields: this.fields });
  }
}

/** Parses the environment; an empty value counts as unset. */
export function loadSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = siteConfigSchema.safeParse(present);
  if (!result.success)
    throw new ConfigurationError([...new Set(result.error.issues.map((i) => i.path.join('.')))]);
  return result.data;
}

/**
 * The configuration of the site server, which guards the content editor with its credentials:
 * they are required with CONTENT_EDITOR=on. The dev server of `npm run edit` runs on the editor's
 * own machine without them, and its endpoints read the same environment through loadSiteConfig.
 */
export function loadSiteServerConfig(env: Record<string, string | undefined>): SiteConfig {
  const config = loadSiteConfig(env);
  // The site never starts a carrier of its own (npm start runs the reference one beside it).
  if (!config.CARRIER_API_URL) throw new ConfigurationError(['CARRIER_API_URL']);
  if (config.CONTENT_EDITOR === 'on' && !config.CONTENT_EDITOR_CREDENTIALS)
    throw new ConfigurationError(['CONTENT_EDITOR_CREDENTIALS']);
  return config;
}

/** The configuration with a carrier API, as the endpoints need it. */
export function carrierSettings(config: SiteConfig): { url: string; apiKey: string } {
  if (!config.CARRIER_API_URL || !config.CARRIER_API_KEY) throw new ConfigurationError(['CARRIER_API_URL']);
  return { url: config.CARRIER_API_URL, apiKey: config.CARRIER_API_KEY };
}

/** The rate limits the environment sets, by the limit of src/server/rateLimits.ts they override. */
export function rateLimitSettings(config: SiteConfig): Partial<LimitSettings> {
  const settings = {
    createPerLink: config.RATE_LIMIT_CREATE_PER_LINK,
    createPerAddress: config.RATE_LIMIT_CREATE_PER_ADDRESS,
    noScriptPerLink: config.RATE_LIMIT_NO_SCRIPT_PER_LINK,
    noScriptPerAddress: config.RATE_LIMIT_NO_SCRIPT_PER_ADDRESS,
    labelPerLabel: config.RATE_LIMIT_LABEL_PER_LABEL,
    labelPerAddress: config.RATE_LIMIT_LABEL_PER_ADDRESS,
    suggestions: config.RATE_LIMIT_SUGGESTIONS_PER_ADDRESS,
    accessPoints: config.RATE_LIMIT_DROP_OFF_PER_ADDRESS,
    challenge: config.RATE_LIMIT_CHALLENGES_PER_ADDRESS,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, limit]) => limit !== undefined));
}
