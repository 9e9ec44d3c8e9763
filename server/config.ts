import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  trustProxy: boolean | string;
  loginMaxFailures: number;
  sessionTtlHours: number;
  videoTokenSecret: string | undefined;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integerSetting(env, 'PORT', 3000, 0),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    loginMaxFailures: integerSetting(env, 'LOGIN_MAX_FAILURES', 10, 1),
    sessionTtlHours: integerSetting(env, 'SESSION_TTL_HOURS', 12, 1),
    videoTokenSecret: env.VIDEO_TOKEN_SECRET || undefined,
  };
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

function trustProxySetting(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}
