import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog, contents } from '../../db/schema';

/** Who acts, in the audit log, when a video waited too long: no user, no video service report. */
export const processingTimeoutActor = 'processing-timeout';

/**
 * Fails the contents whose video has waited for the video service's report longer than `timeoutMs`
 * (`processing_since`, kept by migration 0013's trigger): a made-up or foreign `externalUuid`, whose report can never
 * come (reports are matched on the video's company and tenant), or a video the service lost. FAILED is what the
 * console offers 'Upload it again' for; a report that still comes later sets the status it says. One statement, with
 * its audit rows; every instance runs it, and a content already failed by another is not failed twice.
 */
export async function failStaleProcessing(db: Database, timeoutMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(contents)
      .set({ status: 'FAILED', version: sql`${contents.version} + 1` })
      .where(
        and(
          eq(contents.status, 'PENDING_PROCESSING'),
          lt(contents.processingSince, sql`now() - make_interval(secs => ${timeoutMs / 1000})`),
        ),
      )
      .returning({ id: contents.id, tenantId: contents.tenantId, companyId: contents.companyId, externalUuid: contents.externalUuid });
    if (failed.length > 0) {
      await tx.insert(auditLog).values(
        failed.map((content) => ({
          actorUserId: null,
          action: 'UPDATE' as const,
          entity: 'content',
          entityId: content.id,
          tenantId: content.tenantId,
          companyId: content.companyId,
          details: { actor: processingTimeoutActor, fields: ['status'], status: 'FAILED', externalUuid: content.externalUuid },
        })),
      );
    }
    return failed.length;
  });
}

/** How often the contents waiting too long are looked for: a quarter of the timeout, at least every minute. */
export const sweepIntervalOf = (timeoutMs: number) => Math.min(60_000, Math.max(100, Math.floor(timeoutMs / 4)));

/** Runs `failStaleProcessing` on an interval for as long as the app is open (the owner's work: every tenant). */
export const processingTimeoutSweep: FastifyPluginAsync<{ timeoutMs: number }> = async (app, { timeoutMs }) => {
  const sweep = setInterval(() => {
    failStaleProcessing(app.db, timeoutMs)
      .then((failed) => {
        if (failed > 0) app.log.info({ failed }, 'videos that waited too long for the video service failed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not fail the videos waiting too long'));
  }, sweepIntervalOf(timeoutMs));
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
};
