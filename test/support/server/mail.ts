import { setTimeout as sleep } from 'node:timers/promises';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../server/mail-catcher/mail-catcher';
import { startJobWorkers, type JobWorkers, type WorkerLogger } from '../../../server/mail/mail-worker';
import { mailTransport } from '../../../server/mail/transport';
import { passwordResetWorker } from '../../../server/routes/auth/account-links.routes';
import type { TestApp } from './harness';

/** A worker logger that keeps what it was told (a test may read it) and prints nothing. */
export function memoryLogger(): WorkerLogger & { lines: { level: string; message: string; object: object }[] } {
  const lines: { level: string; message: string; object: object }[] = [];
  const keep = (level: string) => (object: object, message: string) => void lines.push({ level, message, object });
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

export interface MailPipeline {
  catcher: MailCatcher;
  transport: Transporter;
  workers: JobWorkers;
  /** The next mail to `to` not yet taken by an earlier call (newest last), waiting for it up to `timeoutMs`. */
  nextMail(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** Every mail to `to` received so far. */
  mailsTo(to: string): CaughtMail[];
}

/**
 * The whole mail path of `npm start` for a test file's app: the job queue's workers (polling every half second), sending
 * through nodemailer to a real SMTP server, the mail catcher, started on free ports.
 */
export function useMailPipeline(testApp: TestApp): MailPipeline {
  const pipeline = {} as MailPipeline;
  const taken = new Set<string>();
  beforeAll(async () => {
    pipeline.catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
    pipeline.transport = mailTransport(pipeline.catcher.smtpUrl);
    pipeline.workers = await startJobWorkers({
      db: testApp.db,
      secretBox: testApp.app.secretBox,
      transport: pipeline.transport,
      from: 'Learning Admin Console <no-reply@example.com>',
      handleAccountRequest: passwordResetWorker(testApp.db, testApp.app.mail, testApp.app.storeServices.links),
      logger: memoryLogger(),
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await pipeline.workers?.stop();
    pipeline.transport?.close();
    await pipeline.catcher?.close();
  });
  pipeline.mailsTo = (to) =>
    pipeline.catcher
      .mails()
      .filter((mail) => mail.to.includes(to.toLowerCase()) || mail.to.includes(to))
      .reverse();
  pipeline.nextMail = async (to, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = pipeline.mailsTo(to).find((candidate) => !taken.has(candidate.id));
      if (mail) {
        taken.add(mail.id);
        return mail;
      }
      await sleep(100);
    }
    throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
  };
  return pipeline;
}

/** The one-time token of the link a mail holds (`…#token=…`). */
export function linkToken(mail: CaughtMail): string {
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No link in the mail "${mail.subject}"`);
  return token;
}
