import type { UserLanguage } from '../../contract/values';
import type { SecretBoxLoader } from '../auth/secret-box';
import type { Database } from '../db/client';
import { jobQueueConnection, jobSender, queues } from '../db/job-queue';
import type { MailParams, MailTemplate } from './templates';

/**
 * What the API puts in the job queue. A request never sends a mail itself: it adds a job in its own transaction (the
 * mail leaves only if the request's writes commit) and the queue's workers (`mail-worker.ts`) do the rest, with
 * retries. A job's data is sealed with the encryption key (`auth/secret-box.ts`): a mail holds a one-time link, and
 * the queue's tables keep jobs for days.
 */
export interface QueuedMail<Template extends MailTemplate = MailTemplate> {
  to: string;
  language: UserLanguage;
  template: Template;
  params: MailParams[Template];
}

/** A password reset asked for an address: the worker looks the account up, so the request does the same work for any address. */
export interface PasswordResetRequest {
  kind: 'passwordReset';
  email: string;
}
export type AccountRequest = PasswordResetRequest;

export interface MailRetry {
  /** Attempts after the first one. */
  limit: number;
  /** The wait before the first retry, doubled (with jitter) for each next one. */
  delaySeconds: number;
}

export interface MailSettings {
  /** False when no SMTP server is configured: routes that would send a mail answer 409 `MAIL_NOT_CONFIGURED`. */
  enabled: boolean;
  retry: MailRetry;
}

export const defaultMailRetry: MailRetry = { limit: 5, delaySeconds: 30 };

/** The data of a job: its content sealed for its queue. */
export interface SealedJob {
  sealed: string;
}

/** How long a worker may take over one job before it is failed (and retried). */
const jobExpirySeconds = 120;

export function mailQueue(db: Database, secretBox: SecretBoxLoader, settings: MailSettings) {
  const sender = jobSender(db);
  const options = (transaction: Database) => ({
    db: jobQueueConnection(transaction),
    retryLimit: settings.retry.limit,
    retryDelay: settings.retry.delaySeconds,
    retryBackoff: true,
    expireInSeconds: jobExpirySeconds,
  });

  async function add(transaction: Database, queue: string, content: unknown): Promise<string> {
    const box = await secretBox();
    const data: SealedJob = { sealed: box.seal(JSON.stringify(content), queue) };
    const id = await sender.send(queue, data, options(transaction));
    if (!id) throw new Error(`The job queue ${queue} refused a job`);
    return id;
  }

  return {
    enabled: settings.enabled,
    /** Queues a mail in `transaction` (the caller's, so that it leaves only if the caller's writes commit). */
    send: <Template extends MailTemplate>(transaction: Database, mail: QueuedMail<Template>) => add(transaction, queues.mail, mail),
    /** Queues work about an account that the request must not do itself (see `AccountRequest`). */
    request: (transaction: Database, request: AccountRequest) => add(transaction, queues.accountRequests, request),
  };
}

export type MailQueue = ReturnType<typeof mailQueue>;
