import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contents } from '../../../../server/db/schema';
import { serviceTokenSigner } from '../../../../server/video-service/video-tokens';
import { demo, useTestApp } from '../../../support/server/harness';
import { demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';
import { waitFor } from '../../../support/server/video-service-harness';

const secret = 'processing-timeout-test-secret';
// Seconds, not the hour of the default: the sweep runs every quarter of it.
const timeoutMs = 2_000;
const testApp = useTestApp({ videoProcessingTimeoutMs: timeoutMs, videoTokenSecret: secret });

const stored = async (id: string) => (await testApp.db.select().from(contents).where(eq(contents.id, id)))[0]!;

describe('a video content waiting for the video service', () => {
  let world: DemoWorld;
  let companyAdmin: Api;
  let consultingAdmin: Api;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    consultingAdmin = await signedIn(testApp.app, demo.consultingAdmin);
  });

  /** The video service's report, signed for Acme Robotics, that the video of `externalUuid` is READY. */
  const reportReady = async (externalUuid: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/video-callbacks/processed',
      headers: {
        authorization: `Bearer ${await serviceTokenSigner(secret).callbackToken('acme-robotics', {
          course: world.acmeRobotics.id,
          owner: world.acme.id,
        })}`,
      },
      payload: { externalUuid, status: 'READY' },
    });

  const newVideo = async (api: Api, title: string) => {
    const created = await api.post('/api/contents', { title, type: 'Video' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string; version: number }>();
  };

  it('fails once its report is overdue (a made-up id, or another tenant’s video), audited, and can be uploaded again', async () => {
    const madeUp = await newVideo(companyAdmin, 'Made-up video');
    const foreign = await newVideo(consultingAdmin, 'Someone else’s video');
    const untouched = await newVideo(companyAdmin, 'No video yet');
    // Another tenant's real video id: its report is matched on Acme Robotics, never on Globex Consulting.
    const acmeVideo = randomUUID();
    await testApp.db.insert(contents).values({
      tenantId: world.acme.id,
      companyId: world.acmeRobotics.id,
      title: 'Acme lecture',
      type: 'Video',
      renderType: 'REFERENCE',
      externalUuid: acmeVideo,
      status: 'PENDING_PROCESSING',
    });

    const pending = [
      await companyAdmin.put(`/api/contents/${madeUp.id}`, { externalUuid: 'made-up-id', status: 'PENDING_PROCESSING', version: 1 }),
      await consultingAdmin.put(`/api/contents/${foreign.id}`, { externalUuid: acmeVideo, status: 'PENDING_PROCESSING', version: 1 }),
    ];
    const acmeReport = await reportReady(acmeVideo);

    expect(pending.map((answer) => [answer.statusCode, answer.json().status])).toEqual([
      [200, 'PENDING_PROCESSING'],
      [200, 'PENDING_PROCESSING'],
    ]);
    expect(acmeReport.statusCode).toBe(204);
    expect((await stored(foreign.id)).status).toBe('PENDING_PROCESSING');

    const failed = await waitFor(async () => {
      const [first, second] = [await stored(madeUp.id), await stored(foreign.id)];
      return first.status === 'FAILED' && second.status === 'FAILED' ? [first, second] : undefined;
    }, 30_000);
    expect(failed.map((content) => [content.status, content.version, content.processingSince])).toEqual([
      ['FAILED', 3, null],
      ['FAILED', 3, null],
    ]);
    expect((await stored(untouched.id)).status).toBe('DRAFT');
    const audit = await testApp.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content'), eq(auditLog.entityId, foreign.id), eq(auditLog.action, 'UPDATE')));
    expect(audit.at(-1)).toMatchObject({
      actorUserId: null,
      tenantId: world.globex.id,
      companyId: world.globexConsulting.id,
      details: { actor: 'processing-timeout', fields: ['status'], status: 'FAILED', externalUuid: acmeVideo },
    });
    const history = await consultingAdmin.get(`/api/activity?entity=content&entityId=${foreign.id}`);
    expect(history.json().items[0]).toMatchObject({ actor: null, system: 'processing-timeout', changed: ['status'] });

    // Upload it again: a new video id waits anew.
    const again = await companyAdmin.put(`/api/contents/${madeUp.id}`, {
      externalUuid: randomUUID(),
      status: 'PENDING_PROCESSING',
      version: 3,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'PENDING_PROCESSING', version: 4 });
    expect((await stored(madeUp.id)).processingSince).not.toBeNull();
  }, 60_000);

  it('takes a report that comes after the timeout: the status it says', async () => {
    const video = await newVideo(companyAdmin, 'Slow video');
    const uuid = randomUUID();
    await companyAdmin.put(`/api/contents/${video.id}`, { externalUuid: uuid, status: 'PENDING_PROCESSING', version: 1 });
    await waitFor(async () => ((await stored(video.id)).status === 'FAILED' ? true : undefined), 30_000);

    const late = await reportReady(uuid);

    expect(late.statusCode).toBe(204);
    expect((await stored(video.id)).status).toBe('READY');
  }, 60_000);

  it('counts the wait from when the video was set: other edits meanwhile do not restart it', async () => {
    const video = await newVideo(companyAdmin, 'Fresh video');
    await companyAdmin.put(`/api/contents/${video.id}`, { externalUuid: randomUUID(), status: 'PENDING_PROCESSING', version: 1 });
    // Out of the sweep's reach for the test's length, whatever the machine's speed.
    const since = new Date(Date.now() + 3_600_000);
    await testApp.db.update(contents).set({ processingSince: since }).where(eq(contents.id, video.id));

    const renamed = await companyAdmin.put(`/api/contents/${video.id}`, { title: 'Fresh video (renamed)', version: 2 });

    expect(renamed.json()).toMatchObject({ title: 'Fresh video (renamed)', status: 'PENDING_PROCESSING' });
    expect((await stored(video.id)).processingSince).toEqual(since);
  });
});
