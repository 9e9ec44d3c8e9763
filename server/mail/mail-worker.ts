import PgBoss from 'pg-boss';
import type { Transporter } from 'nodemailer';
import type { SecretBoxLoader } from '../auth/secret-box';
import type { Database } from '../db/client';
import { jobQueueConnection, jobQueueSchema, queues } from '../db/job-queue';
import type { AccountRequest, QueuedMail, SealedJob } from './mail-queue';
import { renderMail, type MailTemplate } from './templates';

export interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Database;
  secretBox: SecretBoxLoader;
  /** The SMTP connection; null when mail is off (no worker then takes mail jobs: they wait). */
  transport: Transporter | null;
  /** The sender of every mail (`MAIL_FROM`). */
  from: string;
  /** Does the work of an account request (a password reset: look the account up, issue the link, queue the mail). */
  handleAccountRequest: (request: AccountRequest) => Promise<void>;
  logger: WorkerLogger;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Jobs a worker takes at a time (each succeeds or fails on its own). */
  batchSize?: number;
}

/**
 * The workers of this instance: one per queue, polling with `FOR UPDATE SKIP LOCKED` (pg-boss), so every instance
 * runs them and a job goes to one of them. pg-boss's maintenance runs here too (one instance at a time: it takes an
 * advisory lock): jobs active past their expiry are failed, failed jobs are retried with a growing delay, a job out of
 * retries is copied to its queue's dead-letter queue, finished jobs are archived after a day and deleted after a week.
 */
export async function startJobWorkers(options: JobWorkerOptions) {
  const { db, secretBox, transport, from, logger } = options;
  const boss = new PgBoss({
    db: jobQueueConnection(db),
    schema: jobQueueSchema,
    migrate: false,
    supervise: true,
    schedule: false,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  const open = async <Content>(queue: string, job: PgBoss.Job<SealedJob>): Promise<Content> =>
    JSON.parse((await secretBox()).open(job.data.sealed, queue)) as Content;

  /** Runs each job of a batch on its own: a failing one is failed (and retried) alone; pg-boss completes the others. */
  const eachJob = (queue: string, handle: (job: PgBoss.Job<SealedJob>) => Promise<void>) => async (jobs: PgBoss.Job<SealedJob>[]) => {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await handle(job);
        } catch (error) {
          logger.warn(
            { queue, jobId: job.id, err: { message: (error as Error).message } },
            'job failed; it is retried until its retries run out',
          );
          await boss.fail(queue, job.id, { message: (error as Error).message });
        }
      }),
    );
  };

  const work = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: options.batchSize ?? 10 };
  if (transport) {
    await boss.work<SealedJob>(
      queues.mail,
      work,
      eachJob(queues.mail, async (job) => {
        const mail = await open<QueuedMail>(queues.mail, job);
        const rendered = renderMail(mail.template as MailTemplate, mail.language, mail.params as never);
        await transport.sendMail({ from, to: mail.to, ...rendered });
        logger.info({ jobId: job.id, template: mail.template }, 'mail sent');
      }),
    );
  }
  await boss.work<SealedJob>(
    queues.accountRequests,
    work,
    eachJob(queues.accountRequests, async (job) => options.handleAccountRequest(await open<AccountRequest>(queues.accountRequests, job))),
  );

  return {
    /** Stops taking jobs, waits for those in hand (at most `timeoutMs`), stops the maintenance. */
    stop: (timeoutMs = 5_000) => boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }),
  };
}

export type JobWorkers = Awaited<ReturnType<typeof startJobWorkers>>;
