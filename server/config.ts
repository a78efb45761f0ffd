// Configuration from the environment, validated once at start with a clear message per bad value.
import { z } from 'zod';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { BUCHAREST, COUNTIES, REG_NO, isValidCif, normalizeCif, sectorOf } from '../src/shared/billing-rules.ts';

/** An IP address, or a network as address/prefix (what proxy-addr takes). */
function isProxyAddress(entry: string): boolean {
  const [addr, prefix, ...rest] = entry.split('/');
  const family = isIP(addr ?? '');
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

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
  /** With REDIS_URL: prefix of the channel on which revoked tokens are announced to every process. */
  SESSIONS_REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('grilio:sessions:'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  /** Mail leaves the request through the job queue (server/modules/mail/queue.ts); false: sent inline. */
  MAIL_QUEUE: bool.default(true),
  /** This process delivers queued mail (every process may: the queue hands each message to one). */
  MAIL_WORKER: bool.default(true),
  /**
   * A finished test's spaced-repetition reviews leave the finish request through the job queue
   * (server/modules/review/deferred.ts; every process works it); false: reviewed inline.
   */
  REVIEW_QUEUE: bool.default(true),
  MAIL_FROM: z.string().default('Grilio <no-reply@grilio.ro>'),
  SUPPORT_EMAIL: z.email().default('suport@grilio.ro'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * Partner account (server/modules/partner): an OpenID Connect provider. Off unless issuer, client
   * id and secret are all given (no default that would pretend to work); the redirect URI to register
   * there is PUBLIC_URL + /conectare/partener.
   */
  PARTNER_ISSUER: z.url().optional(),
  PARTNER_CLIENT_ID: z.string().min(1).max(200).optional(),
  PARTNER_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** The partner's name as the buttons show it ("Conectează-te cu …"). */
  PARTNER_NAME: z.string().min(1).max(40).default('contul partener'),
  PARTNER_SCOPES: z.string().regex(/^openid( [\w:.-]+)*$/, "space-separated scopes starting with 'openid'").default('openid email profile'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  LOGIN_RATE_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_RATE_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Accounts one client address may create in an hour (a class behind one NAT registers together). */
  REGISTER_RATE_PER_IP: z.coerce.number().int().positive().default(30),
  /** Email confirmations one client address may make in 15 minutes. */
  EMAIL_CONFIRM_RATE_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_WINDOW_MIN: z.coerce.number().int().positive().default(15),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(60),
  // Unset: generated on first start and kept in the database (server/lib/kept-secrets.ts), so every
  // process on one database agrees. Required when PUSHER_HOST names an external engine.
  PUSHER_APP_ID: z.string().regex(/^[\w-]{1,64}$/, 'letters, digits, _ or -, at most 64').optional(),
  PUSHER_KEY: z.string().regex(/^[\w-]{1,64}$/, 'letters, digits, _ or -, at most 64').optional(),
  PUSHER_SECRET: z.string().min(1).max(200).optional(),
  PUSHER_HOST: z.string().optional(),
  /** Open realtime connections per client address (a class behind one NAT, a few tabs each). */
  REALTIME_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(100),
  PUSHER_PORT: z.coerce.number().int().optional(),
  /** Seconds of silence after which the hub pings a connection, and time it has to answer (else 4201). */
  REALTIME_ACTIVITY_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(120),
  REALTIME_PONG_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * Uploaded media in S3-compatible object storage (server/lib/media-store): set S3_BUCKET to use it,
   * else files stay under DATA_DIR/media (one machine only). Credentials may also come from the
   * AWS SDK's usual sources (environment, instance role) when these two are unset.
   */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name').optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  /** Path-style addressing (host/bucket/key), which MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prefix of every key, so several deployments can share a bucket. */
  S3_PREFIX: z.string().regex(/^([\w.-]+\/)*$/, "empty or folders ending in '/'").default(''),
  /** The maintenance flag file (default DATA_DIR/maintenance.flag); processes sharing it switch together. */
  MAINTENANCE_FILE: z.string().min(1).max(4096).optional(),
  /** GET /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset: off (404). */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  /** On SIGTERM, how long readiness answers 503 before the port closes (0 alone; ~2000 behind a balancer that polls it). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Optional: several server processes share channels and presence through this Redis. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  /** Key and pub/sub prefix of the realtime state in Redis (one per deployment sharing a Redis). */
  REALTIME_REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('grilio:rt:'),
  /** A process whose heartbeat is older than this is dead: survivors remove its presence members. */
  REALTIME_NODE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(15_000),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  /**
   * Answer-sheet scans (server/modules/scans): this process reads queued scans (pg-boss jobs in
   * JOBS_SCHEMA) in SCAN_THREADS worker threads. Every process may: the queue hands each job to one.
   */
  SCAN_WORKER: bool.default(true),
  SCAN_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  JOBS_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,40}$/).default('pgboss'),
  PREVIEW_SECRET: z.string().min(16).optional(),
  /** Signs the plan reminder's one-click unsubscribe links; unset: generated once and kept in server_secrets. */
  UNSUBSCRIBE_SECRET: z.string().min(16).optional(),
  DEV_BANNER: bool.default(false),
  /**
   * Which reverse proxies' X-Forwarded-For is believed: false (none), true (one on this machine:
   * loopback), or their addresses and networks, comma-separated (10.0.0.5, 10.0.0.0/8, or
   * proxy-addr's names loopback, linklocal, uniquelocal). The address is the rightmost entry no
   * trusted proxy wrote: the client writes the left of that header itself, and rate limits key on
   * the address, so "believe every hop" would let a client pick a fresh one per request.
   */
  TRUST_PROXY: z
    .string()
    .max(500)
    .default('false')
    .transform((v, ctx) => {
      if (['', 'false', '0'].includes(v)) return false as const;
      if (['true', '1'].includes(v)) return 'loopback';
      const entries = v.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !/^(loopback|linklocal|uniquelocal)$/.test(e) && !isProxyAddress(e));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `not an address, network or proxy-addr name: ${bad.join(', ')}` });
      return entries.join(',');
    }),
  /**
   * Card payments (server/modules/payments): 'sandbox' is the embedded provider with Stripe's test
   * cards, no keys; 'stripe' needs STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET for its webhook);
   * 'disabled' refuses checkout. Unset: stripe with a key, else sandbox, except in production on a
   * public PUBLIC_URL, where a test card would hand out premium (paymentsMode in payments/mode.ts).
   */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe', 'disabled']).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_test_…, sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'a Stripe webhook signing secret (whsec_…)').optional(),
  /** Stripe.js's key in the app (public by design, no default): the card form needs it. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'a Stripe publishable key (pk_test_…, pk_live_…)').optional(),
  /** Where the Stripe SDK sends its calls (default Stripe's API); the tests point it at a local recorder. */
  STRIPE_API_URL: z.url().optional(),
  /** Seconds between runs of the subscription renewal job (payments/renewal.ts); 0 turns it off in this process. */
  RENEWAL_JOB_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(600),
  /**
   * Invoices (server/modules/invoices): the seller printed on every invoice and the series. No
   * default CIF or address: an invoice must not name a company that is not the seller; a public
   * production server taking real payments refuses to start without them (invoiceProblems).
   */
  INVOICE_SERIES: z.string().regex(/^[A-Z]{1,10}$/, '1 to 10 capital letters').default('GRL'),
  INVOICE_SELLER_NAME: z.string().min(1).max(200).optional(),
  INVOICE_SELLER_CIF: z
    .string()
    .refine((v) => isValidCif(v), 'a Romanian CIF whose check digit is right (RO prefix allowed)')
    .transform(normalizeCif)
    .optional(),
  INVOICE_SELLER_REG_NO: z.string().regex(REG_NO, 'J40/1234/2020 or J2020001234406').optional(),
  INVOICE_SELLER_ADDRESS: z.string().min(1).max(300).optional(),
  INVOICE_SELLER_CITY: z.string().min(1).max(100).optional(),
  INVOICE_SELLER_COUNTY: z.string().refine((v) => COUNTIES.some((c) => c.name === v), 'a county name as in src/shared/billing-rules.ts').optional(),
  /** The share capital as printed after "Capital social:" (e.g. "200 lei"), which a company's invoices state (Legea 31/1990 art. 74); optional. */
  INVOICE_SELLER_SHARE_CAPITAL: z.string().trim().min(1).max(100).optional(),
  /** Bank account (IBAN) printed on the invoice; optional. */
  INVOICE_SELLER_IBAN: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'an IBAN without spaces').optional(),
  /** Days after issue within which an invoice may still be cancelled by a storno (a refund). */
  INVOICE_VOID_MAX_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
});

/** The configuration read from the environment (realtime credentials may still be unset). */
export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };
/** The running app's configuration: realtime credentials given or generated and kept (app.config). */
export type AppConfig = Config & { PUSHER_APP_ID: string; PUSHER_KEY: string; PUSHER_SECRET: string };

/**
 * Secrets published in this repository's history or a vendor's docs. Outside
 * development and tests the server refuses to start with one of them: anyone could sign with it.
 * The reCAPTCHA entry is Google's public test secret, which accepts every token.
 */
export const KNOWN_SECRETS: Readonly<Record<string, readonly string[]>> = {
  PUSHER_SECRET: ['grilio-secret', 'secret', 'app-secret', 'changeme', 'change-me'],
  RECAPTCHA_SECRET: ['6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe'],
};
/** The shortest secret accepted in production (a Pusher secret is 20 characters). */
export const MIN_SECRET_LENGTH = 16;

function secretProblems(c: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (c.PUSHER_HOST) {
    // An external engine has its own credentials: generating ours would never match them.
    for (const name of ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const)
      if (!c[name]) problems.push(`  ${name}: required when PUSHER_HOST is set (the engine's credentials)`);
  }
  if (c.NODE_ENV !== 'production') return problems;
  for (const [name, known] of Object.entries(KNOWN_SECRETS)) {
    const value = c[name as keyof typeof KNOWN_SECRETS & keyof typeof c] as string | undefined;
    if (value === undefined) continue;
    if (known.includes(value))
      problems.push(`  ${name}: a published default; remove it (a random one is generated) or set your own`);
    else if (value.length < MIN_SECRET_LENGTH)
      problems.push(`  ${name}: at least ${MIN_SECRET_LENGTH} characters in production`);
  }
  return problems;
}

/**
 * Stripe's two keys belong to one mode: a live secret key with a test publishable key (or the
 * reverse) would confirm cards against an account that never sees the intents. In production,
 * Stripe without a publishable key would take no payment at all: the server refuses to start.
 */
function stripeProblems(c: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  const mode = (key: string | undefined) => /^\w+_(test|live)_/.exec(key ?? '')?.[1];
  if (c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && mode(c.STRIPE_SECRET_KEY) !== mode(c.STRIPE_PUBLISHABLE_KEY))
    problems.push('  STRIPE_PUBLISHABLE_KEY: test and live keys mixed (both must be test or both live)');
  const stripe = c.PAYMENTS_PROVIDER === 'stripe' || (c.PAYMENTS_PROVIDER === undefined && c.STRIPE_SECRET_KEY);
  if (c.NODE_ENV === 'production' && stripe && !c.STRIPE_PUBLISHABLE_KEY)
    problems.push("  STRIPE_PUBLISHABLE_KEY: required with Stripe in production (the app's card form loads Stripe.js with it)");
  return problems;
}

/** The partner is configured whole or not at all, and over https unless it runs on this machine. */
function partnerProblems(c: z.infer<typeof schema>): string[] {
  const names = ['PARTNER_ISSUER', 'PARTNER_CLIENT_ID', 'PARTNER_CLIENT_SECRET'] as const;
  const given = names.filter((n) => c[n]);
  if (!given.length) return [];
  const problems = names.filter((n) => !c[n]).map((n) => `  ${n}: required with ${given.join(', ')} (the partner account)`);
  const issuer = c.PARTNER_ISSUER ? new URL(c.PARTNER_ISSUER) : null;
  if (issuer && issuer.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname))
    problems.push('  PARTNER_ISSUER: https required (plain http only for a provider on localhost)');
  return problems;
}

/** Real card payments in production issue real invoices: the seller must be named on them. */
function invoiceProblems(c: z.infer<typeof schema>): string[] {
  const realPayments = c.PAYMENTS_PROVIDER === 'stripe' || (c.PAYMENTS_PROVIDER === undefined && c.STRIPE_SECRET_KEY);
  if (c.NODE_ENV !== 'production' || !realPayments) return [];
  const missing = (['INVOICE_SELLER_NAME', 'INVOICE_SELLER_CIF', 'INVOICE_SELLER_REG_NO', 'INVOICE_SELLER_ADDRESS', 'INVOICE_SELLER_CITY'] as const)
    .filter((name) => !c[name])
    .map((name) => `  ${name}: required with card payments in production (the seller on every invoice)`);
  // e-Factura (CIUS-RO BR-RO-100) names a Bucharest locality by its sector.
  if (c.INVOICE_SELLER_COUNTY === BUCHAREST && c.INVOICE_SELLER_CITY && !sectorOf(c.INVOICE_SELLER_CITY))
    missing.push('  INVOICE_SELLER_CITY: in București, the sector ("Sector 1" … "Sector 6")');
  return missing;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const raw = { ...env, ...overrides };
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (value: ${JSON.stringify(raw[String(i.path[0])])})`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems = [...secretProblems(c), ...invoiceProblems(c), ...stripeProblems(c), ...partnerProblems(c)];
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...c,
    dataDir: resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
