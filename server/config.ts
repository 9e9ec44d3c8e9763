import { isIP } from 'node:net';
import path from 'node:path';
import type { RateLimitSettings } from './http/rate-limits';
import { defaultBulkWork, type BulkWorkSettings } from './http/bulk-work';
import { defaultLoadShedding, type LoadSheddingSettings } from './http/load-shedding';
import type { HstsMode } from './http/security-headers';
import { defaultPoolSize } from './db/request-context';

/** Fastify's `trustProxy`: every proxy (`true`), a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections per pool of this instance (it keeps two: the owner's work and the requests'). */
  databasePoolSize: number;
  /** Whether an empty database gets the demo tenants and accounts (by default only the embedded database does). */
  demoData: boolean;
  trustProxy: TrustProxy;
  loginMaxFailures: number;
  loginDelaySeconds: number;
  loginMaxDelaySeconds: number;
  sessionTtlHours: number;
  videoTokenSecret: string | undefined;
  video: VideoServiceSettings;
  serving: ServingSettings;
  mail: MailConfig;
  /** `ENCRYPTION_KEY`: seals TOTP secrets and queued mails; unset, one is generated once and stored in the database. */
  encryptionKey: string | undefined;
}

/** Outgoing mail (issue 30): an SMTP server, else the local mail catcher, else none. */
export interface MailConfig {
  /** `SMTP_URL`: where mail is sent; unset, the mail catcher's (when it runs), else mail is off. */
  smtpUrl: string | undefined;
  /** `MAIL_FROM`: the sender of every mail. */
  from: string;
  /** `MAIL_CATCHER`: start the local mail catcher (by default when neither DATABASE_URL nor SMTP_URL is set). */
  catcher: boolean;
  catcherSmtpPort: number;
  catcherWebPort: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/** How the process serves: rate limits, load shedding, HSTS, shutdown, log format. */
export interface ServingSettings {
  rateLimits: RateLimitSettings;
  /** Bulk work (imports, dry runs, exports): rows per window and turns per tenant (`http/bulk-work.ts`). */
  bulkWork: BulkWorkSettings;
  loadShedding: LoadSheddingSettings;
  hsts: HstsMode;
  /** After SIGTERM, how long the server keeps answering (readiness 503) before it stops taking connections. */
  shutdownDrainMs: number;
  /** `pretty`: human-readable lines (pino-pretty); `json`: one JSON object per line. */
  logFormat: 'json' | 'pretty';
}

/** The local video service; defaults that depend on the bound ports are filled in by main.ts. */
export interface VideoServiceSettings {
  port: number;
  /** Where the console finds the video provider, with a `{tenant}` placeholder. */
  serviceUrl: string | undefined;
  consoleOrigin: string | undefined;
  callbackUrl: string | undefined;
  maxBytes: number;
  /** How long a video content waits for the video service's report before it fails (`VIDEO_PROCESSING_TIMEOUT_MINUTES`). */
  processingTimeoutMs: number;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integerSetting(env, 'PORT', 3000, 0);
  const loginDelaySeconds = integerSetting(env, 'LOGIN_DELAY_SECONDS', 30, 1);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databasePoolSize: integerSetting(env, 'DATABASE_POOL_SIZE', defaultPoolSize, 1),
    demoData: booleanSetting(env, 'DEMO_DATA', databaseUrl === undefined),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    loginMaxFailures: integerSetting(env, 'LOGIN_MAX_FAILURES', 10, 1),
    loginDelaySeconds,
    loginMaxDelaySeconds: integerSetting(env, 'LOGIN_MAX_DELAY_SECONDS', Math.max(900, loginDelaySeconds), loginDelaySeconds),
    sessionTtlHours: integerSetting(env, 'SESSION_TTL_HOURS', 12, 1),
    videoTokenSecret: env.VIDEO_TOKEN_SECRET || undefined,
    video: {
      port: integerSetting(env, 'VIDEO_PORT', port === 0 ? 0 : 3001, 0),
      serviceUrl: videoServiceUrlSetting(env.VIDEO_SERVICE_URL),
      consoleOrigin: originSetting(env.CONSOLE_ORIGIN),
      callbackUrl: env.VIDEO_CALLBACK_URL || undefined,
      maxBytes: integerSetting(env, 'VIDEO_MAX_BYTES', 2 * 1024 ** 3, 1),
      processingTimeoutMs: integerSetting(env, 'VIDEO_PROCESSING_TIMEOUT_MINUTES', 60, 1) * 60_000,
    },
    serving: readServingSettings(env),
    mail: readMailConfig(env, port, databaseUrl),
    encryptionKey: encryptionKeySetting(env.ENCRYPTION_KEY),
  };
}

function readMailConfig(env: NodeJS.ProcessEnv, port: number, databaseUrl: string | undefined): MailConfig {
  const smtpUrl = smtpUrlSetting(env.SMTP_URL);
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || 'Learning Admin Console <no-reply@localhost>',
    catcher: booleanSetting(env, 'MAIL_CATCHER', smtpUrl === undefined && databaseUrl === undefined),
    catcherSmtpPort: integerSetting(env, 'MAIL_CATCHER_SMTP_PORT', port === 0 ? 0 : 1025, 0),
    catcherWebPort: integerSetting(env, 'MAIL_CATCHER_PORT', port === 0 ? 0 : 1080, 0),
    retryLimit: integerSetting(env, 'MAIL_RETRY_LIMIT', 5, 0),
    retryDelaySeconds: integerSetting(env, 'MAIL_RETRY_DELAY_SECONDS', 30, 1),
  };
}

function smtpUrlSetting(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587');
  }
  return raw;
}

function encryptionKeySetting(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 32) throw new Error('ENCRYPTION_KEY must be at least 32 characters (e.g. the output of `openssl rand -base64 32`)');
  return raw;
}

function readServingSettings(env: NodeJS.ProcessEnv): ServingSettings {
  return {
    rateLimits: {
      windowSeconds: integerSetting(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      perSession: integerSetting(env, 'RATE_LIMIT_PER_SESSION', 600, 1),
      writesPerSession: integerSetting(env, 'RATE_LIMIT_WRITES_PER_SESSION', 120, 1),
      perClient: integerSetting(env, 'RATE_LIMIT_PER_CLIENT', 3000, 1),
      xapiStatementsPerCredential: integerSetting(env, 'RATE_LIMIT_XAPI_STATEMENTS_PER_CREDENTIAL', 6000, 1),
    },
    bulkWork: {
      rows: {
        windowSeconds: integerSetting(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1),
        importRowsPerSession: integerSetting(env, 'BULK_IMPORT_ROWS_PER_SESSION', 20_000, 1),
        importRowsPerTenant: integerSetting(env, 'BULK_IMPORT_ROWS_PER_TENANT', 50_000, 1),
        exportRowsPerSession: integerSetting(env, 'BULK_EXPORT_ROWS_PER_SESSION', 100_000, 1),
        exportRowsPerTenant: integerSetting(env, 'BULK_EXPORT_ROWS_PER_TENANT', 200_000, 1),
      },
      perTenant: integerSetting(env, 'BULK_WORK_PER_TENANT', defaultBulkWork.perTenant, 1),
      total: integerSetting(env, 'BULK_WORK_TOTAL', defaultBulkWork.total, 1),
      maxWaitMs: defaultBulkWork.maxWaitMs,
    },
    loadShedding: {
      maxEventLoopDelayMs: integerSetting(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', defaultLoadShedding.maxEventLoopDelayMs, 0),
      maxEventLoopUtilization: shareSetting(env, 'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION', defaultLoadShedding.maxEventLoopUtilization),
      maxDatabaseWaitMs: integerSetting(env, 'OVERLOAD_MAX_DATABASE_WAIT_MS', defaultLoadShedding.maxDatabaseWaitMs, 0),
      retryAfterSeconds: integerSetting(env, 'OVERLOAD_RETRY_AFTER_SECONDS', defaultLoadShedding.retryAfterSeconds, 1),
      sampleIntervalMs: defaultLoadShedding.sampleIntervalMs,
    },
    hsts: choiceSetting(env, 'HSTS', ['auto', 'always', 'off'], 'auto'),
    shutdownDrainMs: integerSetting(env, 'SHUTDOWN_DRAIN_SECONDS', 2, 0) * 1000,
    logFormat: choiceSetting(env, 'LOG_FORMAT', ['json', 'pretty'], process.stdout.isTTY ? 'pretty' : 'json'),
  };
}

function choiceSetting<const Choice extends string>(
  env: NodeJS.ProcessEnv,
  name: string,
  choices: readonly Choice[],
  fallback: Choice,
): Choice {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!choices.includes(raw as Choice)) throw new Error(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as Choice;
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`${name} must be an integer of at least ${minimum}, got "${raw}"`);
  }
  return value;
}

/** A share between 0 and 1 (0 turns the measure off). */
function shareSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be a number from 0 to 1, got "${raw}"`);
  return value;
}

function booleanSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** The names proxy-addr knows for address ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `true` trusts every proxy (the client is the left-most `X-Forwarded-For` entry: only behind a proxy that overwrites it),
 * a whole number is how many proxies stand in front (the client is that many hops back), anything else a comma-separated
 * list of proxy addresses and CIDR ranges (`loopback`, `10.0.0.0/8`). A number is never an address.
 */
function trustProxySetting(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !isAddressOrRange(entry))) {
    throw new Error(
      `TRUST_PROXY must be true, a number of proxy hops, or a comma-separated list of addresses and CIDR ranges, got "${raw}"`,
    );
  }
  return entries;
}

function originSetting(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const origin = URL.canParse(raw) ? new URL(raw).origin : 'null';
  if (origin === 'null') throw new Error(`CONSOLE_ORIGIN must be an origin such as http://localhost:3000, got "${raw}"`);
  return origin;
}

function videoServiceUrlSetting(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!raw.includes('{tenant}')) throw new Error(`VIDEO_SERVICE_URL must contain {tenant}, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}
