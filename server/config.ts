import { z } from 'zod';

/** The site server's environment, declared once; `.env.example` documents each variable. */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** The carrier API; unset, the embedded reference carrier service is started. */
    CARRIER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    CARRIER_API_KEY: z.string().trim().min(16).optional(),
  })
  .refine((env) => !env.CARRIER_API_URL || env.CARRIER_API_KEY, {
    path: ['CARRIER_API_KEY'],
    message: 'required with CARRIER_API_URL',
  });

export type ServerConfig = z.infer<typeof schema>;

/** Thrown when the environment is incomplete or wrong; names every bad variable. */
export class ConfigurationError extends Error {
  readonly code = 'configurationParameterLoadFailed';
  readonly fields: string[];
  constructor(fields: string[]) {
    super('Configuration parameter load failed.');
    this.fields = fields;
  }
}

/** Parses the environment; an empty value counts as unset. */
export function loadServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (!result.success)
    throw new ConfigurationError([...new Set(result.error.issues.map((i) => i.path.join('.')))]);
  return result.data;
}
