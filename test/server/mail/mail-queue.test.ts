import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueConnection, jobQueueSchema, queues } from '../../../server/db/job-queue';
import { startMailCatcher, type MailCatcher } from '../../../server/mail-catcher/mail-catcher';
import { startJobWorkers, type JobWorkers } from '../../../server/mail/mail-worker';
import { mailTransport } from '../../../server/mail/transport';
import { useTestApp } from '../../support/server/harness';
import { memoryLogger } from '../../support/server/mail';

// Short retries, so that a failing server is given up on within seconds.
const testApp = useTestApp({ mail: { enabled: true, retry: { limit: 2, delaySeconds: 1 } } });

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(() => catcher.close());

const running: Array<{ workers: JobWorkers; close(): void }> = [];
afterAll(async () => {
  for (const { workers, close } of running) {
    await workers.stop();
    close();
  }
});

async function workersSendingTo(smtpUrl: string, options: { batchSize?: number } = {}) {
  const logger = memoryLogger();
  const transport = mailTransport(smtpUrl);
  const workers = await startJobWorkers({
    db: testApp.db,
    secretBox: testApp.app.secretBox,
    transport,
    from: 'Learning Admin Console <no-reply@example.com>',
    handleAccountRequest: async () => undefined,
    logger,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
  running.push({ workers, close: () => transport.close() });
  return { workers, logger };
}

/** Stops the workers and closes their SMTP connections (a server waits for open ones when it closes). */
async function stop(workers: JobWorkers) {
  const index = running.findIndex((entry) => entry.workers === workers);
  const [entry] = running.splice(index, 1);
  await workers.stop();
  entry?.close();
}

const queueMail = (to: string, name = 'Ada') =>
  testApp.db.transaction((tx) =>
    testApp.app.mail.send(tx, {
      to,
      language: 'it',
      template: 'passwordReset',
      params: { name, link: 'http://localhost:3000/reset-password#token=abc', minutes: 60 },
    }),
  );

async function until<T>(what: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

async function jobs(queue: string) {
  const result = await testApp.db.execute(
    sql`select id, state, retry_count, data from ${sql.raw(jobQueueSchema)}.job where name = ${queue}`,
  );
  return (result as unknown as { rows: { id: string; state: string; retry_count: number; data: { sealed: string } }[] }).rows;
}

describe('the mail queue', () => {
  it('delivers a queued mail to a real SMTP server, in the language asked, as plain text and HTML', async () => {
    const { workers } = await workersSendingTo(catcher.smtpUrl);
    await queueMail('ada@example.com', 'Ada <b>Lovelace</b>');

    const mail = await until(() => catcher.mails().find((candidate) => candidate.to.includes('ada@example.com')));
    await stop(workers);

    expect(mail.subject).toBe('Reimposta la password');
    expect(mail.from).toBe('no-reply@example.com');
    expect(mail.text).toContain('Ciao Ada <b>Lovelace</b>,');
    expect(mail.text).toContain('http://localhost:3000/reset-password#token=abc');
    expect(mail.html).toContain('Ciao Ada &lt;b&gt;Lovelace&lt;/b&gt;,');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password#token=abc"');
  });

  it('sends nothing for a transaction that rolls back, and keeps a queued mail sealed in the database', async () => {
    await expect(
      testApp.db.transaction(async (tx) => {
        await testApp.app.mail.send(tx, {
          to: 'rolled.back@example.com',
          language: 'en',
          template: 'passwordChanged',
          params: { name: 'Rolled' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await queueMail('sealed@example.com', 'Sealed');

    const queued = await jobs(queues.mail);
    expect(JSON.stringify(queued)).not.toMatch(/rolled\.back|sealed@example|token=abc|Sealed/);
    expect(queued.filter((job) => job.state === 'created')).toHaveLength(1);
    expect(queued[0]!.data.sealed).toMatch(/^v1\./);

    const { workers } = await workersSendingTo(catcher.smtpUrl);
    await until(() => catcher.mails().some((mail) => mail.to.includes('sealed@example.com')));
    await stop(workers);
    expect(catcher.mails().some((mail) => mail.to.includes('rolled.back@example.com'))).toBe(false);
  });

  it('retries a mail the SMTP server refuses, with a growing delay, then leaves it failed in the dead-letter queue', async () => {
    const attempts: number[] = [];
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === 'refused@example.com') {
          attempts.push(Date.now());
          return callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
        }
        callback();
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const { workers, logger } = await workersSendingTo(`smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`);
      await queueMail('refused@example.com');

      const deadLetters = await (async () => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const found = await jobs(queues.mailDeadLetter);
          if (found.length > 0 || Date.now() > deadline) return found;
          await sleep(250);
        }
      })();
      await stop(workers);

      // The first attempt and the two retries of the queue's settings, each later than the one before.
      expect(attempts).toHaveLength(3);
      expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1000);
      const original = (await jobs(queues.mail)).find((job) => job.data.sealed === deadLetters[0]?.data.sealed);
      expect(original).toMatchObject({ state: 'failed', retry_count: 2 });
      expect(deadLetters).toHaveLength(1);
      expect(logger.lines.filter((line) => line.level === 'warn' && /451|unavailable/i.test(JSON.stringify(line.object)))).toHaveLength(3);
      expect(catcher.mails().some((mail) => mail.to.includes('refused@example.com'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  }, 90_000);

  it('never hands one job to two workers: two fetching at once get disjoint jobs, and two sending deliver each mail once', async () => {
    const recipients = Array.from({ length: 30 }, (_, index) => `once.${index}@example.com`);
    for (const to of recipients) await queueMail(to);

    // Two queue clients (as two instances would have) claiming jobs at the same moment, round after round.
    const boss = () =>
      new PgBoss({ db: jobQueueConnection(testApp.db), schema: jobQueueSchema, migrate: false, supervise: false, schedule: false });
    const [first, second] = [boss(), boss()];
    const claimed: string[][] = [[], []];
    for (let round = 0; round < 4; round += 1) {
      const [a, b] = await Promise.all([first.fetch(queues.mail, { batchSize: 5 }), second.fetch(queues.mail, { batchSize: 5 })]);
      claimed[0]!.push(...a.map((job) => job.id));
      claimed[1]!.push(...b.map((job) => job.id));
    }
    expect(claimed[0]!.filter((id) => claimed[1]!.includes(id))).toEqual([]);
    expect(new Set([...claimed[0]!, ...claimed[1]!]).size).toBe(recipients.length);
    // Give the claimed jobs back to the queue: active jobs fail (and are retried) like those of a crashed worker.
    await first.fail(queues.mail, [...claimed[0]!, ...claimed[1]!]);

    const one = await workersSendingTo(catcher.smtpUrl, { batchSize: 3 });
    const two = await workersSendingTo(catcher.smtpUrl, { batchSize: 3 });
    await until(() => recipients.every((to) => catcher.mails().some((mail) => mail.to.includes(to))), 60_000);
    await sleep(3000);
    await stop(one.workers);
    await stop(two.workers);

    const delivered = catcher.mails().filter((mail) => recipients.some((to) => mail.to.includes(to)));
    expect(delivered.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    const sentBy = [one, two].map(({ logger }) => logger.lines.filter((line) => line.message === 'mail sent').length);
    expect(sentBy[0]! + sentBy[1]!).toBe(recipients.length);
    console.info(`two workers: ${sentBy[0]} and ${sentBy[1]} of ${recipients.length} mails`);
  }, 120_000);
});
