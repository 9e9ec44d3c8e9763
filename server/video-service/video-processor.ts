import type { FastifyBaseLogger } from 'fastify';
import { hasVideoContainer } from './container-probe';
import type { VideoRecord, VideoStore } from './video-store';
import type { VideoTokens } from './video-tokens';

/** Waits between callback attempts: the console usually records the video id a moment after the upload ends. */
export const defaultCallbackRetryDelaysMs = [1, 2, 4, 8, 15, 30, 60, 120, 300].map((seconds) => seconds * 1000);
const resumeWindowMs = 24 * 60 * 60 * 1000;
const callbackTimeoutMs = 10_000;

export interface VideoProcessorOptions {
  store: VideoStore;
  tokens: VideoTokens;
  callbackUrl: string;
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
}

type CallbackOutcome = 'done' | 'retry' | 'refused';

/**
 * Probes each upload, records READY or FAILED, and reports it to the console API. Until the console has stored the
 * video id on its content the API answers 404, so the report is retried with growing delays (bounded); a record
 * the API never acknowledged is reported again when the service restarts within a day of the upload.
 */
export function videoProcessor({ store, tokens, callbackUrl, retryDelaysMs, log }: VideoProcessorOptions) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function sendCallback(record: VideoRecord): Promise<CallbackOutcome> {
    try {
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await tokens.callbackToken(record.tenant, { course: record.course, owner: record.owner ?? null })}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ externalUuid: record.id, status: record.status }),
        signal: AbortSignal.timeout(callbackTimeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return 'done';
      log.info({ video: record.id, status: response.status }, 'the console API did not take the video status yet');
      return response.status === 404 || response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
    } catch (error) {
      log.warn({ video: record.id, err: error }, 'the console API could not be reached');
      return 'retry';
    }
  }

  async function report(record: VideoRecord, attempt = 0): Promise<void> {
    const outcome = await sendCallback(record);
    if (outcome === 'done') {
      await store.write({ ...record, reportedAt: new Date().toISOString() });
      return;
    }
    const delay = retryDelaysMs[attempt];
    if (closed) return;
    if (outcome === 'retry' && delay !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run(report(record, attempt + 1));
      }, delay);
      timers.add(timer);
      return;
    }
    log.error({ video: record.id, attempts: attempt + 1, outcome }, 'the video status could not be reported to the console API');
  }

  async function processVideo(record: VideoRecord) {
    const playable = await hasVideoContainer(store.videoFile(record.tenant, record.id));
    const processed: VideoRecord = { ...record, status: playable ? 'READY' : 'FAILED' };
    await store.write(processed);
    log.info({ video: record.id, status: processed.status }, 'video processed');
    await report(processed);
  }

  function run(work: Promise<void>) {
    work.catch((error: unknown) => log.error({ err: error }, 'video processing failed'));
  }

  return {
    process: (record: VideoRecord) => run(processVideo(record)),

    /** Picks up what a stop interrupted: uploads not yet probed, statuses not yet acknowledged. */
    async resume() {
      for (const record of await store.recover()) {
        if (record.status === 'PROCESSING') run(processVideo(record));
        else if (record.reportedAt === null && Date.now() - Date.parse(record.createdAt) < resumeWindowMs) run(report(record));
      }
    },

    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type VideoProcessor = ReturnType<typeof videoProcessor>;
