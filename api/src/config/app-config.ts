import { randomBytes } from 'node:crypto';
import { asCompanyId, CompanyId } from '../common/tenancy/company-id';
import type { LogLevel } from '@nestjs/common';
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';

/**
 * The one place that reads process.env. Everything else receives an AppConfig,
 * so tests and scripts build their own without touching the environment.
 */
export type NodeEnv = 'development' | 'production' | 'test';
/**
 * How the QR code of a sandbox connection gets scanned: `auto`, by the simulated phone one step after it is shown
 * (the demo); `manual`, only on POST /sandbox/connections/{id}/scan, so a test sees the QR code for as long as it
 * needs, however slow the machine.
 */
export type SandboxScan = 'auto' | 'manual';

export type ProcessRole = 'all' | 'api' | 'worker';

/**
 * The one switch for the worker-only parts (WhatsApp sessions and job processors): they run where ROLE is
 * `all` or `worker`, never on a ROLE=api process.
 */
export function runsWorkers(role: ProcessRole): boolean {
  return role !== 'api';
}

/** `providers` on worker processes, none on a ROLE=api one. */
export function workerOnly<T>(role: ProcessRole, providers: T[]): T[] {
  return runsWorkers(role) ? providers : [];
}

export interface SmtpConfig {
  host?: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface ThrottleRule {
  limit: number;
  ttlSeconds: number;
}

/**
 * Subscription payments. `efi`: Efí Bank's Pix API (credentials, Pix key, .p12 certificate and the webhook's
 * shared secret required). `sandbox`: in-process, never in production. `none`: the checkout answers
 * ERR_PAYMENT_GATEWAY_NOT_CONFIGURED (production without PAYMENT_GATEWAY).
 */
export interface BillingConfig {
  gateway: 'efi' | 'sandbox' | 'none';
  efi?: {
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    pixKey: string;
    certificatePath?: string;
    certificatePassphrase?: string;
    /** Our notice URL as Efí should call it; registered at start when set. */
    webhookUrl?: string;
  };
  /** The secret Efí's notices carry in the URL (`?hmac=`); compared in constant time. */
  webhookSecret?: string;
  /** How long a Pix charge can be paid. */
  chargeTtlSeconds: number;
  /** An invoice is issued this many days before the company's due date. */
  invoiceLeadDays: number;
  /** Days after the due date before the company's users are held to paying (ERR_SUBSCRIPTION_EXPIRED). */
  subscriptionGraceDays: number;
}

export interface AppConfig {
  nodeEnv: NodeEnv;
  role: ProcessRole;
  /** LOG_LEVEL (`log` by default; `debug` adds Nest's start-up lines, each request's line outside JSON, and SQL). */
  logLevels: LogLevel[];
  /**
   * LOG_FORMAT: `json`, one JSON object per line with the request id (production's default), or `text`, Nest's
   * readable coloured lines (the default elsewhere). See docs/operations/observability.md.
   */
  logFormat: 'json' | 'text';
  /**
   * METRICS_TOKEN: GET /metrics on the API's port answers only with `Authorization: Bearer <token>`; without it,
   * /metrics is a 404 there. METRICS_PORT: a listener of its own serving /metrics on METRICS_HOST (127.0.0.1 unless
   * set), for a scraper on the same machine or network; it asks for the token too when one is set.
   */
  metrics: { token?: string; port?: number; host: string };
  /** EMBED_DIR: the built script-tag embed (ui-kit/dist/embed), served at /embed/ when it is there. */
  embedDir: string;
  port: number;
  host: string;
  /**
   * PUBLIC_API_URL: the API's address as the outside world reaches it (scheme, host, any path prefix; no trailing
   * slash), for the URLs handed to third parties: the official WhatsApp API's webhook shown to admins
   * (`<it>/whatsapp-cloud/<id>/webhook`). Default `http://localhost:<PORT>`; set it in production (an https URL).
   */
  publicApiUrl: string;
  /** When absent, main.ts starts an embedded PostgreSQL under dataDir and fills this in. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix for every Redis key of this deployment (Bull, throttler, socket.io channels). */
  redisPrefix: string;
  /**
   * REDIS_PREFIX was not given outside production: a start (`prepareInfrastructure`) replaces `atende` with the data
   * folder's own prefix (config/local-instance.ts), so two installs on one machine never share Redis keys.
   */
  redisPrefixLocal?: boolean;
  dataDir: string;
  mediaDir: string;
  consoleDir: string;
  /**
   * Origins answered with credentialed CORS: CORS_ORIGINS' list; without it, none in production (the console is
   * served from the API's own origin and needs none) and, elsewhere, `loopback`: pages on this machine only
   * (http(s)://localhost, 127.0.0.1 or [::1], any port: a dev server, Storybook).
   */
  corsOrigins: string[] | 'loopback';
  /**
   * Express 'trust proxy': which hops' X-Forwarded-For is believed (client IPs for rate limits and logs). `loopback`
   * unless TRUST_PROXY says otherwise: a proxy on the same machine.
   */
  trustProxy: boolean | number | string;
  /**
   * SameSite of the refresh cookie. 'lax' serves the console and widgets on the API's own site; partners
   * embedding widgets on another site need 'none' (sent Secure and Partitioned, so it needs HTTPS).
   */
  refreshCookieSameSite: 'lax' | 'strict' | 'none';
  jwtSecret: string;
  /**
   * JWT_SECRET_PREVIOUS: the JWT secret before a rotation, accepted to verify access tokens (console and embed
   * sessions) and password-reset codes, never to sign: sessions survive the rotation. Removed once every token and
   * code signed with it has expired (docs/operations/secrets.md).
   */
  jwtSecretPrevious?: string;
  refreshSecret: string;
  /**
   * The secrets the environment did not give (outside production only; production refuses to start without them).
   * loadConfig fills them with random values for this process; a start (`prepareInfrastructure`) replaces them with
   * the ones kept in `<dataDir>/secrets.json`, made on the first start (config/local-secrets.ts).
   */
  generatedSecrets: LocalSecretName[];
  accessTokenTtlSeconds: number;
  /** How long an embed session (a partner-minted sign-in, POST /auth/embed/session) lasts; it is never refreshed. */
  embedSessionTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  migrateOnStart: boolean;
  seedDemo: boolean;
  presenceTtlSeconds: number;
  /** How long a user stays online after their last socket closed (a reload, a reconnection). */
  presenceGraceMs: number;
  passwordResetTtlMinutes: number;
  /** Per account; per client IP the limit is `ipFactor` times as much (an office shares one IP). */
  throttle: { login: ThrottleRule; passwordReset: ThrottleRule; signup: ThrottleRule; messagesApi: ThrottleRule; ipFactor: number };
  smtp: SmtpConfig;
  /** Company whose white-label values GET /public-settings answers when none is named. */
  publicCompanyId: CompanyId;
  logoMaxBytes: number;
  /** Outbound message sends: tries, and the first retry delay (doubling after). */
  sendAttempts: number;
  sendRetryDelayMs: number;
  /** How often workers look for campaign starts, ticks and sends whose jobs were lost (CAMPAIGN_SWEEP_MS). */
  campaignSweepMs: number;
  /** How often workers look for due schedules whose job was lost, or whose message was never queued (SCHEDULE_SWEEP_MS). */
  scheduleSweepMs: number;
  /** How often workers look for stored outbound messages whose send job was lost (OUTBOUND_SWEEP_MS). */
  outboundSweepMs: number;
  /** How long a worker's claim on a WhatsApp session lasts unless renewed (renewed every third of it). */
  sessionLeaseMs: number;
  /** How long a command for a session run by another process (send, edit, read receipts) may take. */
  sessionRpcTimeoutMs: number;
  /**
   * SHUTDOWN_GRACE_MS: on SIGTERM or SIGINT, how long in-flight HTTP requests and running jobs get to finish before
   * the process hands what is left back and ends (src/shutdown.ts).
   */
  shutdownGraceMs: number;
  /**
   * JOB_LOCK_MS: Bull's job lock. A job whose worker died (SIGKILL, a lost machine) goes back to wait once its lock
   * lapsed and the next stall check ran (every JOB_LOCK_MS too): within two to three times this. Shorter recovers
   * faster and costs more Redis calls; a job that blocks its process's event loop longer than this may run twice.
   */
  jobLockMs: number;
  /** WhatsApp (Baileys) login: QR codes shown before an unscanned login gives up, and the name the phone lists the device under. */
  waQrMaxRetries: number;
  waBrowserName: string;
  /**
   * WHATSAPP_GRAPH_URL: the base of Meta's Graph API that official (Cloud API) connections call, with its version.
   * Configurable only for tests (a local fake of the Graph API): any other value than the default is refused in production.
   */
  whatsappGraphUrl: string;
  /** Sandbox connections (outside production): the pause between the login's steps (OPENING, qrcode, CONNECTED). */
  sandboxStepMs: number;
  /** Sandbox connections: who scans the QR code (SANDBOX_SCAN, default auto). */
  sandboxScan: SandboxScan;
  /**
   * Sandbox network: keep the phones' inboxes across restarts in `<dataDir>/sandbox/` (SANDBOX_JOURNAL; on by default,
   * off under NODE_ENV=test: the in-process tests and benches share a data folder between databases).
   */
  sandboxJournal: boolean;
  billing: BillingConfig;
  /**
   * Key (32 bytes, base64 or hex in SECRETS_KEY) that encrypts stored third-party credentials: AI prompt API keys,
   * integration secrets and service-account JSON. Outside production without SECRETS_KEY: kept in `<dataDir>/secrets.json`.
   */
  secretsKey: Buffer;
  /**
   * SECRETS_KEY_PREVIOUS: the key before a rotation (same format). Values sealed with it still open; everything is
   * sealed with `secretsKey`. `npm run secrets:reseal` re-seals the stored values, then it can go (docs/operations/secrets.md).
   */
  secretsKeyPrevious?: Buffer;
  /** Automation: how often workers look for inactive tickets to close, waiting tickets to move and lost bot timers (AUTOMATION_SWEEP_MS). */
  automationSweepMs: number;
  /** Outbound integration calls (webhook, n8n, typebot, dialogflow, AI): how long one may take (INTEGRATION_TIMEOUT_MS). */
  integrationTimeoutMs: number;
  /** Web push (api/README "Push notifications"). */
  push: PushConfig;
  /**
   * OUTBOUND_ALLOW_CIDRS: address ranges (CIDR or single addresses, comma-separated) that tenant-controlled outbound
   * requests may reach although they are local, private or reserved (a self-hosted n8n on 10.0.0.5). Empty by default;
   * see common/infra/outbound/README.md.
   */
  outboundAllowCidrs: string[];
  /** Where media files live (MEDIA_STORAGE): MEDIA_DIR on this machine, or an S3-compatible bucket (common/infra/media-store). */
  mediaStorage: MediaStorageConfig;
}

/**
 * MEDIA_STORAGE=local (the default): files under MEDIA_DIR, which every process of a deployment must share.
 * MEDIA_STORAGE=s3: objects in S3_BUCKET under S3_PREFIX, on AWS S3 or any S3-compatible store (S3_ENDPOINT: MinIO,
 * R2...). Without S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY the SDK's own chain answers (an instance role, AWS_PROFILE).
 * MEDIA_DIR stays a scratch folder either way: uploads land there before they are checked and stored.
 */
export type MediaStorageConfig = { kind: 'local' } | S3StorageConfig;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** '' or a folder-like prefix ending in '/', put before every key (`atende/` then `company1/messages/...`). */
  prefix: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2); AWS's own endpoints when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: MinIO needs it; on by default with an endpoint. */
  forcePathStyle: boolean;
}

/**
 * Web push. Without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY the API makes one key pair on first need and keeps it in the
 * database (private key sealed with SECRETS_KEY). `allowInsecureEndpoints` accepts http push endpoints
 * (the tests' push-service fake); refused in production.
 */
export interface PushConfig {
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject: string;
  allowInsecureEndpoints: boolean;
}

/**
 * The development secrets earlier versions published in this file and used whenever JWT_SECRET or JWT_REFRESH_SECRET
 * was unset: anyone could sign a super user's token with them. They are no longer used anywhere; they are kept only
 * to refuse them (production) and to prove they are refused (tests).
 */
export const DEV_JWT_SECRET = 'dev-only-access-secret-change-me';
export const DEV_REFRESH_SECRET = 'dev-only-refresh-secret-change-me';

/** The secrets a development start makes and keeps with its data when the environment does not give them. */
export type LocalSecretName = 'JWT_SECRET' | 'JWT_REFRESH_SECRET' | 'SECRETS_KEY';

/** A fresh random secret, as the environment would give it (hex; SECRETS_KEY's 64 hex digits are its 32 bytes). */
export const randomSecret = (): string => randomBytes(32).toString('hex');

/** SECRETS_KEY's text (base64 or 64 hex digits) as its 32 bytes, or undefined when it is not that. */
export function parseSecretsKey(raw: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  return key.length === 32 ? key : undefined;
}

export class ConfigError extends Error {}

const repoRoot = resolve(__dirname, '..', '..', '..');

function companyIdEnv(env: NodeJS.ProcessEnv, key: string, errors: string[]): CompanyId {
  const value = int(env, key, 1, errors);
  if (value >= 1) return asCompanyId(value);
  errors.push(`${key} must be a company id, 1 or more (got "${env[key]}")`);
  return asCompanyId(1);
}

function int(env: NodeJS.ProcessEnv, key: string, fallback: number, errors: string[]): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    errors.push(`${key} must be a non-negative integer (got "${raw}")`);
    return fallback;
  }
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, key: string, values: readonly T[], fallback: T, errors: string[]): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  errors.push(`${key} must be one of ${values.join(', ')} (got "${raw}")`);
  return fallback;
}

function bool(env: NodeJS.ProcessEnv, key: string, fallback: boolean, errors: string[]): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  errors.push(`${key} must be true or false (got "${raw}")`);
  return fallback;
}

function billingConfig(env: NodeJS.ProcessEnv, production: boolean, errors: string[]): BillingConfig {
  const gateway = (env.PAYMENT_GATEWAY?.trim().toLowerCase() || (production ? 'none' : 'sandbox')) as BillingConfig['gateway'];
  if (!['efi', 'sandbox', 'none'].includes(gateway)) errors.push(`PAYMENT_GATEWAY must be efi, sandbox or none (got "${env.PAYMENT_GATEWAY}")`);
  if (gateway === 'sandbox' && production) errors.push('PAYMENT_GATEWAY=sandbox is for development and tests, never production');
  const base: BillingConfig = {
    gateway,
    chargeTtlSeconds: Math.max(60, int(env, 'PIX_CHARGE_TTL', 3600, errors)),
    invoiceLeadDays: Math.min(60, int(env, 'INVOICE_LEAD_DAYS', 10, errors)),
    subscriptionGraceDays: Math.min(365, int(env, 'SUBSCRIPTION_GRACE_DAYS', 0, errors)),
  };
  if (gateway !== 'efi') return base;
  const required = ['EFI_CLIENT_ID', 'EFI_CLIENT_SECRET', 'EFI_PIX_KEY', 'EFI_WEBHOOK_SECRET'] as const;
  for (const key of required) if (!env[key]?.trim()) errors.push(`${key} is required with PAYMENT_GATEWAY=efi`);
  if (production && !env.EFI_CERT_PATH) errors.push('EFI_CERT_PATH (the .p12 certificate Efí issued) is required with PAYMENT_GATEWAY=efi in production');
  const secret = env.EFI_WEBHOOK_SECRET?.trim() ?? '';
  if (secret && secret.length < 16) errors.push('EFI_WEBHOOK_SECRET must be at least 16 characters');
  return {
    ...base,
    webhookSecret: secret,
    efi: {
      baseUrl: env.EFI_BASE_URL?.trim() || (bool(env, 'EFI_HOMOLOGATION', false, errors) ? 'https://pix-h.api.efipay.com.br' : 'https://pix.api.efipay.com.br'),
      clientId: env.EFI_CLIENT_ID?.trim() ?? '',
      clientSecret: env.EFI_CLIENT_SECRET?.trim() ?? '',
      pixKey: env.EFI_PIX_KEY?.trim() ?? '',
      certificatePath: env.EFI_CERT_PATH?.trim() || undefined,
      certificatePassphrase: env.EFI_CERT_PASSPHRASE ?? undefined,
      webhookUrl: env.EFI_WEBHOOK_URL?.trim() || undefined,
    },
  };
}

/** TRUST_PROXY as Express takes it: true/false, a hop count, or a list of addresses, subnets and names. */
function trustProxy(raw: string | undefined): boolean | number | string {
  const value = raw?.trim();
  if (!value) return 'loopback';
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const errors: string[] = [];
  const nodeEnv = (env.NODE_ENV ?? 'development') as NodeEnv;
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    errors.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';
  const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const logLevel = (env.LOG_LEVEL ?? 'log') as LogLevel;
  if (!LEVELS.includes(logLevel)) errors.push(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${logLevel}")`);
  const logLevels = LEVELS.slice(0, Math.max(LEVELS.indexOf(logLevel), 2) + 1);
  const role = (env.ROLE ?? 'all') as ProcessRole;
  if (!['all', 'api', 'worker'].includes(role)) errors.push(`ROLE must be all, api or worker (got "${role}")`);

  // Outside production, a secret the environment does not give is random (never a value written in the code); a
  // start keeps it in <dataDir>/secrets.json (prepareInfrastructure), so sessions and sealed credentials survive.
  const generatedSecrets: LocalSecretName[] = [];
  const given = (key: LocalSecretName): string => {
    const value = env[key]?.trim();
    if (value || production) return value ?? '';
    generatedSecrets.push(key);
    return randomSecret();
  };
  const jwtSecret = given('JWT_SECRET');
  const refreshSecret = given('JWT_REFRESH_SECRET');
  const secretsKeyText = given('SECRETS_KEY');
  // A rotation's previous secrets: never generated, only given.
  const jwtSecretPrevious = env.JWT_SECRET_PREVIOUS?.trim() || undefined;
  if (jwtSecretPrevious && jwtSecretPrevious === jwtSecret) errors.push('JWT_SECRET_PREVIOUS is the same as JWT_SECRET: set it to the secret being replaced');
  if (production) {
    for (const [key, value, dev] of [
      ['JWT_SECRET', jwtSecret, DEV_JWT_SECRET],
      ['JWT_REFRESH_SECRET', refreshSecret, DEV_REFRESH_SECRET],
    ] as const) {
      if (!value) errors.push(`${key} is required in production`);
      else if (value === dev) errors.push(`${key} still has the development default; set a secret of your own`);
      else if (value.length < 32) errors.push(`${key} must be at least 32 characters in production`);
    }
    if (jwtSecret && jwtSecret === refreshSecret) errors.push('JWT_SECRET and JWT_REFRESH_SECRET must differ');
    if (jwtSecretPrevious === DEV_JWT_SECRET || jwtSecretPrevious === DEV_REFRESH_SECRET) {
      errors.push('JWT_SECRET_PREVIOUS is a published development secret: tokens signed with it must not be accepted');
    } else if (jwtSecretPrevious && jwtSecretPrevious.length < 32) errors.push('JWT_SECRET_PREVIOUS must be at least 32 characters in production');
    if (!env.DATABASE_URL) errors.push('DATABASE_URL is required in production (the embedded database is for development)');
  }

  const dataDir = resolve(env.DATA_DIR ?? resolve(repoRoot, '.data'));
  const corsRaw = env.CORS_ORIGINS?.trim();
  const sameSite = (env.REFRESH_COOKIE_SAMESITE || 'lax').toLowerCase();
  if (!['lax', 'strict', 'none'].includes(sameSite)) {
    errors.push(`REFRESH_COOKIE_SAMESITE must be lax, strict or none (got "${env.REFRESH_COOKIE_SAMESITE}")`);
  }
  const config: AppConfig = {
    nodeEnv,
    role,
    logLevels,
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'text'] as const, production ? 'json' : 'text', errors),
    metrics: metricsConfig(env, errors),
    embedDir: resolve(env.EMBED_DIR ?? resolve(repoRoot, 'ui-kit', 'dist', 'embed')),
    port: int(env, 'PORT', 8080, errors),
    // This machine only, unless HOST says otherwise (the Docker image and compose set 0.0.0.0).
    host: env.HOST?.trim() || '127.0.0.1',
    publicApiUrl: publicApiUrl(env, errors),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'atende',
    redisPrefixLocal: env.REDIS_PREFIX === undefined && nodeEnv !== 'production',
    dataDir,
    mediaDir: resolve(env.MEDIA_DIR ?? resolve(dataDir, 'media')),
    consoleDir: resolve(env.CONSOLE_DIR ?? resolve(repoRoot, 'console', 'dist')),
    corsOrigins: corsRaw
      ? corsRaw
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : production
        ? []
        : 'loopback',
    trustProxy: trustProxy(env.TRUST_PROXY),
    refreshCookieSameSite: (['lax', 'strict', 'none'].includes(sameSite) ? sameSite : 'lax') as AppConfig['refreshCookieSameSite'],
    jwtSecret,
    jwtSecretPrevious,
    refreshSecret,
    generatedSecrets,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 15 * 60, errors),
    embedSessionTtlSeconds: Math.max(1, int(env, 'EMBED_SESSION_TTL_SECONDS', 3600, errors)),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 7 * 24 * 3600, errors),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', !production, errors),
    seedDemo: production ? false : bool(env, 'SEED_DEMO', true, errors),
    presenceTtlSeconds: int(env, 'PRESENCE_TTL', 6 * 60, errors),
    presenceGraceMs: int(env, 'PRESENCE_GRACE_MS', 3000, errors),
    passwordResetTtlMinutes: int(env, 'PASSWORD_RESET_TTL_MINUTES', 30, errors),
    throttle: {
      login: { limit: int(env, 'THROTTLE_LOGIN_LIMIT', 10, errors), ttlSeconds: 60 },
      passwordReset: { limit: int(env, 'THROTTLE_RESET_LIMIT', 5, errors), ttlSeconds: 15 * 60 },
      signup: { limit: int(env, 'THROTTLE_SIGNUP_LIMIT', 5, errors), ttlSeconds: 60 * 60 },
      // POST /messages/send, per API token (and 5x that per IP): a company's system sending notifications.
      messagesApi: { limit: int(env, 'THROTTLE_MESSAGES_API_LIMIT', 60, errors), ttlSeconds: 60 },
      ipFactor: Math.max(1, int(env, 'THROTTLE_IP_FACTOR', 5, errors)),
    },
    smtp: {
      host: env.SMTP_HOST || undefined,
      port: int(env, 'SMTP_PORT', 587, errors),
      secure: bool(env, 'SMTP_SECURE', false, errors),
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASS || undefined,
      from: env.MAIL_FROM ?? 'Atende <no-reply@atende.local>',
    },
    publicCompanyId: companyIdEnv(env, 'PUBLIC_COMPANY_ID', errors),
    logoMaxBytes: int(env, 'LOGO_MAX_BYTES', 2 * 1024 * 1024, errors),
    sendAttempts: Math.max(1, int(env, 'SEND_ATTEMPTS', 5, errors)),
    sendRetryDelayMs: int(env, 'SEND_RETRY_DELAY_MS', 2000, errors),
    campaignSweepMs: Math.max(1000, int(env, 'CAMPAIGN_SWEEP_MS', 15_000, errors)),
    scheduleSweepMs: Math.max(1000, int(env, 'SCHEDULE_SWEEP_MS', 30_000, errors)),
    outboundSweepMs: Math.max(500, int(env, 'OUTBOUND_SWEEP_MS', 15_000, errors)),
    sessionLeaseMs: Math.max(300, int(env, 'SESSION_LEASE_MS', 30_000, errors)),
    sessionRpcTimeoutMs: Math.max(100, int(env, 'SESSION_RPC_TIMEOUT_MS', 20_000, errors)),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, errors),
    jobLockMs: Math.max(1000, int(env, 'JOB_LOCK_MS', 30_000, errors)),
    waQrMaxRetries: Math.max(1, int(env, 'WA_QR_MAX_RETRIES', 5, errors)),
    waBrowserName: env.WA_BROWSER_NAME?.trim().slice(0, 50) || 'Atende',
    whatsappGraphUrl: whatsappGraphUrl(env, production, errors),
    sandboxStepMs: Math.min(60_000, int(env, 'SANDBOX_STEP_MS', 30, errors)),
    sandboxScan: oneOf(env, 'SANDBOX_SCAN', ['auto', 'manual'] as const, 'auto', errors),
    sandboxJournal: bool(env, 'SANDBOX_JOURNAL', nodeEnv !== 'test', errors),
    billing: billingConfig(env, production, errors),
    secretsKey: secretsKey(secretsKeyText, production, errors),
    secretsKeyPrevious: previousSecretsKey(env.SECRETS_KEY_PREVIOUS?.trim() ?? '', secretsKeyText, errors),
    automationSweepMs: Math.max(1000, int(env, 'AUTOMATION_SWEEP_MS', 30_000, errors)),
    integrationTimeoutMs: Math.max(500, int(env, 'INTEGRATION_TIMEOUT_MS', 15_000, errors)),
    push: pushConfig(env, production, errors),
    outboundAllowCidrs: cidrList(env, 'OUTBOUND_ALLOW_CIDRS', errors),
    mediaStorage: mediaStorageConfig(env, errors),
  };
  if (errors.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${errors.join('\n  - ')}`);
  }
  return config;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** PUBLIC_API_URL: an http(s) URL without query or fragment, trailing slashes dropped; `http://localhost:<PORT>` when unset. */
function publicApiUrl(env: NodeJS.ProcessEnv, errors: string[]): string {
  const given = env.PUBLIC_API_URL?.trim();
  if (!given) return `http://localhost:${env.PORT?.trim() || 8080}`;
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    errors.push(`PUBLIC_API_URL must be an http(s) URL such as https://atende.example.com (got "${given}")`);
    return given;
  }
  return given.replace(/\/+$/, '');
}

/** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (both or neither; base64url, 65 and 32 bytes), VAPID_SUBJECT, PUSH_ALLOW_INSECURE_ENDPOINTS. */
function pushConfig(env: NodeJS.ProcessEnv, production: boolean, errors: string[]): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  const bytes = (v: string) => (/^[A-Za-z0-9_-]+$/.test(v) ? Buffer.from(v, 'base64url').length : -1);
  if (Boolean(publicKey) !== Boolean(privateKey)) errors.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  if (publicKey && bytes(publicKey) !== 65) errors.push('VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes, base64url');
  if (privateKey && bytes(privateKey) !== 32) errors.push('VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes, base64url');
  const subject = env.VAPID_SUBJECT?.trim() || 'mailto:no-reply@atende.local';
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) errors.push(`VAPID_SUBJECT must be a mailto: address or an https: URL (got "${subject}")`);
  const allowInsecureEndpoints = bool(env, 'PUSH_ALLOW_INSECURE_ENDPOINTS', false, errors);
  if (allowInsecureEndpoints && production) errors.push('PUSH_ALLOW_INSECURE_ENDPOINTS is for development and tests, never production');
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey, vapidSubject: subject, allowInsecureEndpoints };
}

/** Meta's Graph API, the version official connections speak (WHATSAPP_GRAPH_URL's default). */
export const DEFAULT_WHATSAPP_GRAPH_URL = 'https://graph.facebook.com/v23.0';

/** WHATSAPP_GRAPH_URL: an http(s) URL without a trailing slash; only the default in production (a fake's URL is for tests). */
function whatsappGraphUrl(env: NodeJS.ProcessEnv, production: boolean, errors: string[]): string {
  const given = env.WHATSAPP_GRAPH_URL?.trim().replace(/\/+$/, '');
  if (!given || given === DEFAULT_WHATSAPP_GRAPH_URL) return DEFAULT_WHATSAPP_GRAPH_URL;
  if (production) {
    errors.push(`WHATSAPP_GRAPH_URL is configurable only for tests (a fake of the Graph API): production calls ${DEFAULT_WHATSAPP_GRAPH_URL}`);
    return DEFAULT_WHATSAPP_GRAPH_URL;
  }
  if (!/^https?:\/\/[^\s/]+/.test(given)) errors.push(`WHATSAPP_GRAPH_URL must be an http(s) URL (got "${given}")`);
  return given;
}

/** METRICS_TOKEN (16 characters or more), METRICS_PORT, METRICS_HOST. */
function metricsConfig(env: NodeJS.ProcessEnv, errors: string[]): AppConfig['metrics'] {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16) errors.push('METRICS_TOKEN must be at least 16 characters');
  const port = env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, errors) : undefined;
  if (port !== undefined && port > 65535) errors.push(`METRICS_PORT must be a port number (got "${env.METRICS_PORT}")`);
  return { token, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

/** A comma-separated list of CIDR ranges or single addresses (IPv4 or IPv6), each checked with ipaddr.js. */
function cidrList(env: NodeJS.ProcessEnv, key: string, errors: string[]): string[] {
  const items = (env[key] ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!ipaddr.isValidCIDR(item) && !ipaddr.isValid(item)) errors.push(`${key} must list CIDR ranges or addresses, comma-separated (got "${item}")`);
  }
  return items;
}

/** SECRETS_KEY as 32 bytes (base64 or 64 hex digits); required in production (outside it, `given` made one). */
function secretsKey(raw: string, production: boolean, errors: string[]): Buffer {
  if (!raw) {
    if (production) errors.push('SECRETS_KEY is required in production (32 bytes, base64 or hex): it encrypts stored API keys');
    return Buffer.alloc(32);
  }
  const key = parseSecretsKey(raw);
  if (!key) errors.push('SECRETS_KEY must be 32 bytes, as base64 or 64 hex digits');
  return key ?? Buffer.alloc(32);
}

/** SECRETS_KEY_PREVIOUS as 32 bytes, or undefined when unset; refused when it is SECRETS_KEY's key (in any spelling). */
function previousSecretsKey(raw: string, currentText: string, errors: string[]): Buffer | undefined {
  if (!raw) return undefined;
  const key = parseSecretsKey(raw);
  if (!key) {
    errors.push('SECRETS_KEY_PREVIOUS must be 32 bytes, as base64 or 64 hex digits, like SECRETS_KEY');
    return undefined;
  }
  const current = currentText ? parseSecretsKey(currentText) : undefined;
  if (current?.equals(key)) errors.push('SECRETS_KEY_PREVIOUS is the same key as SECRETS_KEY: set it to the key being replaced');
  return key;
}

/** MEDIA_STORAGE and, for `s3`, the bucket's settings: every mistake named at start, not at the first upload. */
function mediaStorageConfig(env: NodeJS.ProcessEnv, errors: string[]): MediaStorageConfig {
  const kind = oneOf(env, 'MEDIA_STORAGE', ['local', 's3'] as const, 'local', errors);
  const s3Keys = ['S3_BUCKET', 'S3_PREFIX', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
  if (kind === 'local') {
    const stray = s3Keys.filter((key) => env[key]?.trim());
    if (stray.length) errors.push(`${stray.join(', ')}: set, but MEDIA_STORAGE is not s3 (set MEDIA_STORAGE=s3, or remove them)`);
    return { kind };
  }
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) {
    errors.push('S3_BUCKET is required with MEDIA_STORAGE=s3');
  } else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    errors.push(`S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`);
  }
  const prefixRaw = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefixRaw.split('/').some((part) => part === '.' || part === '..' || (prefixRaw && !part))) {
    errors.push(`S3_PREFIX must be a folder-like prefix such as atende/media, without empty, . or .. parts (got "${env.S3_PREFIX}")`);
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/i.test(endpoint)) {
    errors.push(`S3_ENDPOINT must be an http(s) URL such as https://minio.example.com:9000 (got "${endpoint}")`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    errors.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's own credentials (an instance role)");
  }
  return {
    kind,
    bucket,
    prefix: prefixRaw ? `${prefixRaw}/` : '',
    // R2 takes `auto`; MinIO any name; AWS the bucket's region.
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint), errors),
  };
}
