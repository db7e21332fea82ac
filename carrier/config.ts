import { z } from 'zod';

/** The carrier service's environment, declared once; `.env.example` documents each variable. */
export const carrierConfigSchema = z.object({
  CARRIER_PORT: z.coerce.number().int().min(0).max(65535).default(4322),
  CARRIER_HOST: z.string().trim().min(1).default('127.0.0.1'),
  CARRIER_API_KEY: z.string().trim().min(16, 'at least 16 characters'),
  CARRIER_DB_PATH: z.string().trim().min(1).default('data/carrier.sqlite'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  CARRIER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  MAIL_FROM: z.string().trim().min(3).default('Parcelo <vratky@parcelo.example>'),
  CARRIER_PROCESSING_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  CARRIER_DEMO_PROGRESS: z.enum(['on', 'off']).default('off'),
  CARRIER_ACCESS_POINTS: z.enum(['on', 'off']).default('on'),
  CARRIER_DEMO_PROGRESS_STEP_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:4321'),
});

export type CarrierConfig = z.infer<typeof carrierConfigSchema>;

/** Parses the environment; an empty value counts as unset. Throws the list of bad variables. */
export function parseCarrierConfig(env: Record<string, string | undefined>): CarrierConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = carrierConfigSchema.safeParse(present);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
  throw Object.assign(new Error('Configuration parameter load failed.'), {
    code: 'configurationParameterLoadFailed',
    fields,
  });
}
