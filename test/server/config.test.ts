import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['0', 0],
    ['loopback', ['loopback']],
    ['10.0.0.1', ['10.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,192.168.1.0/24', ['127.0.0.1', '10.0.0.0/8', '192.168.1.0/24']],
    ['::1, fd00::/8, uniquelocal', ['::1', 'fd00::/8', 'uniquelocal']],
  ])('reads %j as %j: a number is a count of proxy hops, never an address', (raw, expected) => {
    expect(readServerConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '1.2.3', '10.0.0.0/33', '::1/129', '-1', '1.5', '10.0.0.1,', 'loopback,nowhere', '10.0.0.0/8/1'])(
    'refuses %j at start with a message naming the setting',
    (raw) => {
      expect(() => readServerConfig({ TRUST_PROXY: raw })).toThrow(/^TRUST_PROXY must be/);
    },
  );
});

describe('DEMO_DATA', () => {
  it('loads demo data by default on the embedded database only', () => {
    expect(readServerConfig({}).demoData).toBe(true);
    expect(readServerConfig({ DATABASE_URL: 'postgres://db/console' }).demoData).toBe(false);
  });

  it('does what it is told either way', () => {
    expect(readServerConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(readServerConfig({ DATABASE_URL: 'postgres://db/console', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('refuses anything but true or false', () => {
    expect(() => readServerConfig({ DEMO_DATA: 'yes' })).toThrow('DEMO_DATA must be true or false, got "yes"');
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('keeps 3 connections per pool by default, takes another count from the environment', () => {
    expect(readServerConfig({}).databasePoolSize).toBe(3);
    expect(readServerConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  });

  it('refuses anything but a whole number from 1', () => {
    for (const raw of ['0', '-2', '2.5', 'many']) {
      expect(() => readServerConfig({ DATABASE_POOL_SIZE: raw })).toThrow(
        `DATABASE_POOL_SIZE must be an integer of at least 1, got "${raw}"`,
      );
    }
  });
});

describe('sign-in throttling settings', () => {
  it('defaults to 10 failures, a first delay of 30 s and a longest one of 15 minutes', () => {
    expect(readServerConfig({})).toMatchObject({ loginMaxFailures: 10, loginDelaySeconds: 30, loginMaxDelaySeconds: 900 });
  });

  it('takes them from the environment, the longest delay never shorter than the first', () => {
    expect(readServerConfig({ LOGIN_MAX_FAILURES: '5', LOGIN_DELAY_SECONDS: '60', LOGIN_MAX_DELAY_SECONDS: '3600' })).toMatchObject({
      loginMaxFailures: 5,
      loginDelaySeconds: 60,
      loginMaxDelaySeconds: 3600,
    });
    expect(readServerConfig({ LOGIN_DELAY_SECONDS: '1200' }).loginMaxDelaySeconds).toBe(1200);
    expect(() => readServerConfig({ LOGIN_DELAY_SECONDS: '60', LOGIN_MAX_DELAY_SECONDS: '30' })).toThrow(
      'LOGIN_MAX_DELAY_SECONDS must be an integer of at least 60, got "30"',
    );
  });
});

describe('xAPI statement limit', () => {
  it('allows 6000 statements per LRS credential and window by default, another number from the environment', () => {
    expect(readServerConfig({}).serving.rateLimits.xapiStatementsPerCredential).toBe(6000);
    expect(readServerConfig({ RATE_LIMIT_XAPI_STATEMENTS_PER_CREDENTIAL: '50' }).serving.rateLimits.xapiStatementsPerCredential).toBe(50);
  });
});

describe('load shedding settings', () => {
  it('sheds past 95 % event-loop utilisation by default, takes another share or 0 (off) from the environment', () => {
    expect(readServerConfig({}).serving.loadShedding.maxEventLoopUtilization).toBe(0.95);
    expect(readServerConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.8' }).serving.loadShedding.maxEventLoopUtilization).toBe(0.8);
    expect(readServerConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0' }).serving.loadShedding.maxEventLoopUtilization).toBe(0);
  });

  it('refuses a share outside 0 to 1', () => {
    for (const raw of ['1.5', '-0.1', 'most']) {
      expect(() => readServerConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: raw })).toThrow(
        `OVERLOAD_MAX_EVENT_LOOP_UTILIZATION must be a number from 0 to 1, got "${raw}"`,
      );
    }
  });
});

describe('mail (SMTP_URL, MAIL_CATCHER, ENCRYPTION_KEY)', () => {
  it('starts the mail catcher by default on the embedded database without SMTP_URL, never otherwise unless asked', () => {
    expect(readServerConfig({}).mail).toMatchObject({ smtpUrl: undefined, catcher: true, catcherWebPort: 1080, catcherSmtpPort: 1025 });
    expect(readServerConfig({ PORT: '0' }).mail).toMatchObject({ catcherWebPort: 0, catcherSmtpPort: 0 });
    expect(readServerConfig({ DATABASE_URL: 'postgres://db/console' }).mail.catcher).toBe(false);
    expect(readServerConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).mail.catcher).toBe(false);
    expect(readServerConfig({ DATABASE_URL: 'postgres://db/console', MAIL_CATCHER: 'true' }).mail.catcher).toBe(true);
  });

  it('takes an smtp:// or smtps:// URL and refuses anything else without echoing it (it may hold a password)', () => {
    expect(readServerConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465' }).mail.smtpUrl).toBe(
      'smtps://user:secret@mail.example.com:465',
    );
    for (const raw of ['http://user:secret@mail.example.com', 'mail.example.com:587', 'smtp//x']) {
      expect(() => readServerConfig({ SMTP_URL: raw })).toThrow(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      try {
        readServerConfig({ SMTP_URL: raw });
      } catch (error) {
        expect((error as Error).message).not.toContain('secret');
      }
    }
  });

  it('takes the retries and the sender, and an encryption key of 32 characters or more', () => {
    expect(readServerConfig({}).mail).toMatchObject({
      retryLimit: 5,
      retryDelaySeconds: 30,
      from: 'Learning Admin Console <no-reply@localhost>',
    });
    expect(
      readServerConfig({ MAIL_RETRY_LIMIT: '0', MAIL_RETRY_DELAY_SECONDS: '5', MAIL_FROM: 'Academy <no-reply@academy.example>' }).mail,
    ).toMatchObject({
      retryLimit: 0,
      retryDelaySeconds: 5,
      from: 'Academy <no-reply@academy.example>',
    });
    expect(readServerConfig({}).encryptionKey).toBeUndefined();
    expect(readServerConfig({ ENCRYPTION_KEY: 'k'.repeat(32) }).encryptionKey).toBe('k'.repeat(32));
    expect(() => readServerConfig({ ENCRYPTION_KEY: 'too-short' })).toThrow(/^ENCRYPTION_KEY must be at least 32 characters/);
  });
});
