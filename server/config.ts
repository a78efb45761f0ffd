// Configuration from the environment, validated once at start with a clear message per bad value.
import { z } from 'zod';
import { resolve } from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  PRODUCT_NAME: z.string().min(1).max(40).default('Grilio'),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Grilio <no-reply@grilio.ro>'),
  SUPPORT_EMAIL: z.email().default('suport@grilio.ro'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  LOGIN_RATE_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_RATE_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_WINDOW_MIN: z.coerce.number().int().positive().default(15),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(60),
  PUSHER_APP_ID: z.string().default('grilio'),
  PUSHER_KEY: z.string().default('grilio-key'),
  PUSHER_SECRET: z.string().default('grilio-secret'),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  PREVIEW_SECRET: z.string().min(16).optional(),
  DEV_BANNER: bool.default(false),
  TRUST_PROXY: bool.default(false),
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const raw = { ...env, ...overrides };
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (value: ${JSON.stringify(raw[String(i.path[0])])})`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
