import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once. This is the only module that reads process.env: everything else is
 * handed a Config, so tests build one directly.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    AUTH_MODE: z.enum(['demo', 'oidc']).default('demo'),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().default('openid profile email'),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 30)
      .default(60 * 8),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    JOBS_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24)
      .default(60),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587')
      .optional(),
    SMTP_FROM: z.string().trim().min(3).max(320).default('Wattle <no-reply@wattle.invalid>'),
    WEB_DIST_DIR: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_DATA: booleanFromEnv,
    BENCH_BARE_ROUTE: booleanFromEnv,
    TRUST_PROXY: booleanFromEnv,
    FILES_DIR: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z
      .url('S3_ENDPOINT must be a URL such as https://<account>.r2.cloudflarestorage.com')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv,
    CLAMAV_URL: z
      .string()
      .regex(/^tcp:\/\/[^\s/]+\/?$/, "CLAMAV_URL must be clamd's TCP address, such as tcp://127.0.0.1:3310")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.AUTH_MODE === 'demo') {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_MODE'],
        message: 'demo sign-in is refused when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is required in production',
      });
    }
    if (env.AUTH_MODE === 'oidc') {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'PUBLIC_URL'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when AUTH_MODE=oidc` });
      }
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL && !env.PUBLIC_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'API base URL must be HTTPS in production',
      });
    }
    if (env.S3_BUCKET) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when S3_BUCKET is set` });
      }
      if (env.FILES_DIR) {
        ctx.addIssue({
          code: 'custom',
          path: ['FILES_DIR'],
          message: 'FILES_DIR and S3_BUCKET cannot both be set: files go to one storage',
        });
      }
    } else {
      // S3 settings without a bucket would silently store files on local disk instead.
      for (const key of [
        'S3_REGION',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ] as const) {
        if (env[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is set but S3_BUCKET is not` });
      }
    }
  });

/** An S3-compatible bucket for attachments (S3_* variables). */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (bucket in the path): MinIO and some other S3-compatible servers need it. */
  forcePathStyle: boolean;
}

/** Where attachment bytes are kept (storage/create-storage.ts). */
export type StorageConfig = { kind: 'directory'; directory: string } | S3StorageConfig;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  authMode: 'demo' | 'oidc';
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; scopes: string } | undefined;
  sessionSecret: string;
  sessionIdleMinutes: number;
  /** How long an instance may reuse a resolved session before asking the database again. */
  sessionCacheSeconds: number;
  /** How often the deadline notification jobs run (apps/server/src/jobs), after once at start. */
  jobsIntervalMinutes: number;
  publicUrl: string | undefined;
  /** Outgoing e-mail (invitations): SMTP_URL, or undefined for none; the From address (SMTP_FROM). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Cookies get the Secure flag when the app is served over HTTPS. */
  secureCookies: boolean;
  webDistDir: string | undefined;
  logLevel: string;
  seedDemoData: boolean;
  /** scripts/bench-api.mjs only: serve GET /bench/bare, the framework's ceiling in the same process. */
  benchBareRoute: boolean;
  trustProxy: boolean;
  storage: StorageConfig;
  /** clamd's TCP address (CLAMAV_URL): every upload is scanned before it can be downloaded; none, "not scanned". */
  clamavUrl: string | undefined;
}

/** Only ever used outside production: the schema refuses a missing secret there. */
const developmentSessionSecret = 'wattle-development-only-session-secret-not-for-production';

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    authMode: env.AUTH_MODE,
    oidc:
      env.AUTH_MODE === 'oidc'
        ? {
            issuer: env.OIDC_ISSUER!,
            clientId: env.OIDC_CLIENT_ID!,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: env.OIDC_SCOPES,
          }
        : undefined,
    // Production refuses to start without a secret (above); elsewhere a fixed development secret
    // keeps CSRF tokens and sign-in state valid across restarts.
    sessionSecret: env.SESSION_SECRET ?? developmentSessionSecret,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    jobsIntervalMinutes: env.JOBS_INTERVAL_MINUTES,
    publicUrl: env.PUBLIC_URL,
    mail: { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM },
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    webDistDir: env.WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
    seedDemoData: env.SEED_DEMO_DATA ?? env.AUTH_MODE === 'demo',
    benchBareRoute: env.BENCH_BARE_ROUTE ?? false,
    trustProxy: env.TRUST_PROXY ?? false,
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          // 'auto' is what R2 and most S3-compatible servers take; AWS itself needs a real region.
          region: env.S3_REGION ?? (env.S3_ENDPOINT ? 'auto' : 'ap-southeast-2'),
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
        }
      : { kind: 'directory', directory: env.FILES_DIR ?? path.join(env.DATA_DIR, 'files') },
    clamavUrl: env.CLAMAV_URL,
  };
}
