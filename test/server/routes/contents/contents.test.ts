import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, contentTopics, topics } from '../../../../server/db/schema';
import { serviceTokenSigner } from '../../../../server/video-service/video-tokens';
import { created, errorFields, itemsPath, modulesPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const secret = 'contents-test-secret-of-at-least-32-bytes';
const testApp = useTestApp({ videoTokenSecret: secret });

type Stored = Record<string, unknown> & { id: string; version: number };
const stored = async (id: string) => (await testApp.db.select().from(contents).where(eq(contents.id, id)))[0];

describe('contents', () => {
  let world: DemoWorld;
  let companyAdmin: Api;
  let safetyId: string;
  let onboardingId: string;
  let foreignTopicId: string;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    const topicNamed = async (name: string) => (await testApp.db.select().from(topics).where(eq(topics.name, name)))[0]!.id;
    safetyId = await topicNamed('Safety');
    onboardingId = await topicNamed('Onboarding');
    foreignTopicId = await topicNamed('Compliance');
  });
  /** Test tables are built before the topics are looked up: they name them, and this puts in their ids. */
  const withIds = (fields: Record<string, unknown>) => {
    const ids: Record<string, string> = { 'safety topic': safetyId, 'foreign topic': foreignTopicId };
    const topicIds = fields.topicIds as string[] | undefined;
    return topicIds ? { ...fields, topicIds: topicIds.map((name) => ids[name] ?? name) } : fields;
  };
  const post = async (body: object) => created<Stored>(await companyAdmin.post('/api/contents', body));

  describe('creating', () => {
    it('creates an INLINE article READY, with its text and topics (by name), owned by the caller’s company', async () => {
      const response = await companyAdmin.post('/api/contents', {
        title: 'Clean desk policy',
        background: 'https://images.example.com/desk.png',
        type: 'Article',
        renderType: 'INLINE',
        text: 'Keep it clean.',
        topicIds: [safetyId, onboardingId, safetyId],
      });

      expect(response.statusCode).toBe(201);
      const content = response.json();
      expect(content).toEqual({
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        title: 'Clean desk policy',
        background: 'https://images.example.com/desk.png',
        type: 'Article',
        renderType: 'INLINE',
        text: 'Keep it clean.',
        topicIds: [onboardingId, safetyId],
        topics: [
          { id: onboardingId, name: 'Onboarding' },
          { id: safetyId, name: 'Safety' },
        ],
        externalUuid: null,
        status: 'READY',
        companyId: world.acmeRobotics.id,
        tenantId: world.acme.id,
      });
      const [entry] = await auditEntriesFor(testApp.db, [content.id]);
      expect(entry).toMatchObject({
        action: 'CREATE',
        entity: 'content',
        details: { changed: expect.arrayContaining(['title', 'topicIds']) },
      });
    });

    it('defaults to an INLINE Article; a Video becomes REFERENCE and starts DRAFT, as does a REFERENCE Podcast', async () => {
      const article = await post({ title: 'Plain' });
      const video = await post({ title: 'Lecture', type: 'Video' });
      const podcast = await post({ title: 'Episode', type: 'Podcast', renderType: 'REFERENCE', topicIds: [] });

      expect(article).toMatchObject({ type: 'Article', renderType: 'INLINE', status: 'READY', topicIds: [] });
      expect(video).toMatchObject({ type: 'Video', renderType: 'REFERENCE', status: 'DRAFT', text: null });
      expect(podcast).toMatchObject({ type: 'Podcast', renderType: 'REFERENCE', status: 'DRAFT' });
    });

    it.each([
      ['a Video rendered INLINE', { type: 'Video', renderType: 'INLINE' }, 'renderType'],
      ['a text with REFERENCE', { type: 'Podcast', renderType: 'REFERENCE', text: 'Transcript' }, 'text'],
      ['a video id with INLINE', { type: 'Article', externalUuid: 'abc' }, 'externalUuid'],
      ['status READY', { type: 'Video', status: 'READY' }, 'status'],
      ['status FAILED', { type: 'Video', status: 'FAILED' }, 'status'],
      ['PENDING_PROCESSING without a video id', { type: 'Video', status: 'PENDING_PROCESSING' }, 'status'],
      ['a topic of another company', { topicIds: ['foreign topic'] }, 'topicIds'],
      ['an unknown topic', { topicIds: ['00000000-0000-4000-8000-000000000000'] }, 'topicIds'],
      ['a topic id that is not a uuid', { topicIds: ['safety'] }, 'topicIds.0'],
      ['an unknown type', { type: 'Slides' }, 'type'],
      ['a background that is not an http(s) URL', { background: 'ftp://images.example.com/a.png' }, 'background'],
      ['an owner company', { companyId: '00000000-0000-4000-8000-000000000000' }, 'companyId'],
      ['no title', { title: undefined }, 'title'],
    ])('answers 400 on the field at fault for %s, and writes nothing', async (_label, fields, field) => {
      const title = `Refused ${field} ${Math.random()}`;
      const response = await companyAdmin.post('/api/contents', { title, ...withIds(fields) });

      expect(response.statusCode).toBe(400);
      expect(errorFields(response)).toEqual([field]);
      expect(await testApp.db.select().from(contents).where(eq(contents.title, title))).toEqual([]);
    });
  });

  describe('updating', () => {
    it('takes the patch after an upload: externalUuid and PENDING_PROCESSING, every other field kept', async () => {
      const video = await post({ title: 'Forklift training', type: 'Video', topicIds: [safetyId] });

      const response = await companyAdmin.put(`/api/contents/${video.id}`, {
        externalUuid: 'b1c4f3e0-video',
        status: 'PENDING_PROCESSING',
        version: 1,
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        title: 'Forklift training',
        type: 'Video',
        renderType: 'REFERENCE',
        topicIds: [safetyId],
        externalUuid: 'b1c4f3e0-video',
        status: 'PENDING_PROCESSING',
        version: 2,
      });
      const [, entry] = await auditEntriesFor(testApp.db, [video.id]);
      expect(entry?.details).toEqual({ changed: ['externalUuid', 'status'] });
    });

    it('keeps the status the video service reported while the video stays, and accepts it sent back unchanged', async () => {
      const video = await post({ title: 'Ladder safety', type: 'Video' });
      await companyAdmin.put(`/api/contents/${video.id}`, { externalUuid: 'ladder-video', status: 'PENDING_PROCESSING', version: 1 });
      const report = await testApp.app.inject({
        method: 'POST',
        url: '/api/video-callbacks/processed',
        headers: {
          authorization: `Bearer ${await serviceTokenSigner(secret).callbackToken('acme-robotics', { course: world.acmeRobotics.id, owner: world.acme.id })}`,
        },
        payload: { externalUuid: 'ladder-video', status: 'READY' },
      });

      const form = await companyAdmin.put(`/api/contents/${video.id}`, {
        title: 'Ladder safety (2026)',
        type: 'Video',
        renderType: 'REFERENCE',
        status: 'READY',
        topicIds: [],
        version: 3,
      });
      const forged = await companyAdmin.put(`/api/contents/${video.id}`, { status: 'FAILED', version: 4 });

      expect(report.statusCode).toBe(204);
      expect(form.json()).toMatchObject({ title: 'Ladder safety (2026)', status: 'READY', externalUuid: 'ladder-video', version: 4 });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().errors).toEqual([
        { field: 'status', rule: 'onlyPendingProcessing', message: expect.stringMatching(/PENDING_PROCESSING/) },
      ]);
    });

    it('drops the text when switching to REFERENCE, and the video when switching back to INLINE', async () => {
      const article = await post({ title: 'Turns into a podcast', type: 'Podcast', text: 'Transcript' });

      const reference = await companyAdmin.put(`/api/contents/${article.id}`, { renderType: 'REFERENCE', version: 1 });
      const uploaded = await companyAdmin.put(`/api/contents/${article.id}`, {
        externalUuid: 'podcast-audio',
        status: 'PENDING_PROCESSING',
        version: 2,
      });
      const inline = await companyAdmin.put(`/api/contents/${article.id}`, { renderType: 'INLINE', text: 'Back', version: 3 });

      expect(reference.json()).toMatchObject({ renderType: 'REFERENCE', text: null, status: 'DRAFT' });
      expect(uploaded.json()).toMatchObject({ externalUuid: 'podcast-audio', status: 'PENDING_PROCESSING' });
      expect(inline.json()).toMatchObject({ renderType: 'INLINE', text: 'Back', externalUuid: null, status: 'READY' });
    });

    it.each([
      ['making a Video INLINE', { renderType: 'INLINE' }, 'renderType'],
      ['giving a REFERENCE content a text', { text: 'Words' }, 'text'],
      ['setting READY', { status: 'READY' }, 'status'],
      ['setting PENDING_PROCESSING without a video id', { status: 'PENDING_PROCESSING' }, 'status'],
      ['a topic of another company', { topicIds: ['safety topic', 'foreign topic'] }, 'topicIds'],
      ['an empty title', { title: '' }, 'title'],
    ])('refuses %s with a 400 and changes nothing', async (_label, fields, field) => {
      const video = await post({ title: 'Unchanged', type: 'Video', topicIds: [safetyId] });

      const response = await companyAdmin.put(`/api/contents/${video.id}`, { ...withIds(fields), version: 1 });

      expect(response.statusCode).toBe(400);
      expect(errorFields(response)).toEqual([field]);
      expect(await stored(video.id)).toMatchObject({ title: 'Unchanged', version: 1, status: 'DRAFT' });
      expect(await testApp.db.select().from(contentTopics).where(eq(contentTopics.contentId, video.id))).toEqual([
        expect.objectContaining({ topicId: safetyId }),
      ]);
    });

    it('replaces the topics when topicIds is sent, keeps them when it is not, and audits the change', async () => {
      const content = await post({ title: 'Topics move', topicIds: [safetyId] });

      const kept = await companyAdmin.put(`/api/contents/${content.id}`, { title: 'Topics stay', version: 1 });
      const replaced = await companyAdmin.put(`/api/contents/${content.id}`, { topicIds: [onboardingId], version: 2 });
      const same = await companyAdmin.put(`/api/contents/${content.id}`, { topicIds: [onboardingId, onboardingId], version: 3 });

      expect(kept.json().topicIds).toEqual([safetyId]);
      expect(replaced.json().topicIds).toEqual([onboardingId]);
      // The same topics again change nothing: no new version, no history entry.
      expect(same.json()).toMatchObject({ topicIds: [onboardingId], version: 3 });
      expect((await auditEntriesFor(testApp.db, [content.id])).map((entry) => entry.details)).toEqual([
        { changed: expect.arrayContaining(['title', 'topicIds']) },
        { changed: ['title'] },
        { changed: ['topicIds'] },
      ]);
    });

    it('answers 409 on a stale version and writes nothing', async () => {
      const content = await post({ title: 'Edited twice' });
      await companyAdmin.put(`/api/contents/${content.id}`, { title: 'First edit', version: 1 });

      const stale = await companyAdmin.put(`/api/contents/${content.id}`, { title: 'Second edit', topicIds: [safetyId], version: 1 });

      expect(stale.statusCode).toBe(409);
      expect(stale.json().errors).toEqual([{ field: 'version', rule: 'stale', message: 'changed by someone else' }]);
      expect(await stored(content.id)).toMatchObject({ title: 'First edit', version: 2 });
      expect(await testApp.db.select().from(contentTopics).where(eq(contentTopics.contentId, content.id))).toEqual([]);
    });
  });

  describe('deleting', () => {
    it('refuses with 409 naming the plans while a training-plan item uses the content', async () => {
      const content = await post({ title: 'Used twice' });
      for (const name of ['Plan Beta', 'Plan Alpha']) {
        const plan = created<Stored>(await companyAdmin.post('/api/training-plans', { name }));
        const module = created<Stored>(await companyAdmin.post(modulesPath(plan.id), { title: 'M' }));
        created(await companyAdmin.post(itemsPath(plan.id, module.id), { title: 'I', contentId: content.id }));
      }

      const response = await companyAdmin.delete(`/api/contents/${content.id}`);

      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('The content is used by the training plans "Plan Alpha", "Plan Beta"');
      expect(await stored(content.id)).toBeDefined();
    });

    it('deletes an unused content with its topic links, and audits it', async () => {
      const content = await post({ title: 'Unused', topicIds: [safetyId] });

      const response = await companyAdmin.delete(`/api/contents/${content.id}`);

      expect(response.statusCode).toBe(204);
      expect(await stored(content.id)).toBeUndefined();
      expect(await testApp.db.select().from(contentTopics).where(eq(contentTopics.contentId, content.id))).toEqual([]);
      expect(await testApp.db.select().from(topics).where(eq(topics.id, safetyId))).toHaveLength(1);
      expect((await auditEntriesFor(testApp.db, [content.id])).map((entry) => entry.action)).toEqual(['CREATE', 'DELETE']);
    });

    it('refuses the demo welcome article, used by the onboarding plan', async () => {
      const [welcome] = await testApp.db.select().from(contents).where(eq(contents.title, 'Welcome to Acme Robotics'));

      const response = await companyAdmin.delete(`/api/contents/${welcome!.id}`);

      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/"New hire onboarding"/);
    });
  });

  it('lists the demo contents with their topics, searching the title', async () => {
    const searched = (await companyAdmin.get('/api/contents?search=walkthrough')).json();

    expect(searched).toMatchObject({
      total: 1,
      items: [{ title: 'Workshop safety walkthrough', type: 'Video', renderType: 'REFERENCE', status: 'DRAFT' }],
    });
    expect(searched.items[0].topics.map((topic: { name: string }) => topic.name)).toEqual(['Onboarding', 'Safety']);
  });
});
