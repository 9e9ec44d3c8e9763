import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lrsCredentials } from '../../../../server/db/schema';
import { hashLrsSecret } from '../../../../server/routes/xapi/lrs-credentials';
import { demo, useTestApp } from '../../../support/server/harness';
import { auditEntriesFor, signedIn, type Api } from '../../../support/server/resources';

// The Learning Record Store's credentials (issue 27): COMPANY admins create, list and revoke them.
const testApp = useTestApp();
let admin: Api & { userId: string };
let globexAdmin: Api;

beforeAll(async () => {
  admin = await signedIn(testApp.app, demo.companyAdmin);
  globexAdmin = await signedIn(testApp.app, demo.consultingAdmin);
});

describe('LRS credentials', () => {
  it('creates one, answering its secret once and storing only its hash; lists and revokes it, audited', async () => {
    const response = await admin.post('/api/lrs-credentials', { label: '  Learner app  ' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json<{ id: string; key: string; secret: string }>();
    expect(created).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      label: 'Learner app',
      key: expect.stringMatching(/^lrs_[\w-]{22}$/),
      secret: expect.stringMatching(/^[\w-]{43}$/),
      createdBy: admin.userId,
      createdByName: expect.any(String),
      revokedAt: null,
      lastUsedAt: null,
    });
    const [stored] = await testApp.db.select().from(lrsCredentials).where(eq(lrsCredentials.id, created.id));
    expect(stored!.secretHash).toBe(hashLrsSecret(created.key, created.secret));
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    const listed = (await admin.get('/api/lrs-credentials')).json<{ items: Record<string, unknown>[] }>().items;
    const { secret: _secret, ...record } = created;
    expect(listed).toContainEqual(record);
    expect(listed.every((item) => !('secret' in item))).toBe(true);

    expect((await admin.delete(`/api/lrs-credentials/${created.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/lrs-credentials/${created.id}`)).statusCode).toBe(404);
    const after = (await admin.get('/api/lrs-credentials')).json<{ items: { id: string; revokedAt: string | null }[] }>().items;
    expect(after.find((item) => item.id === created.id)!.revokedAt).toEqual(expect.any(String));
    expect((await auditEntriesFor(testApp.db, [created.id])).map((entry) => [entry.action, entry.entity])).toEqual([
      ['CREATE', 'lrs credential'],
      ['UPDATE', 'lrs credential'],
    ]);
  });

  it('keeps each company to its own credentials', async () => {
    const own = (await admin.post('/api/lrs-credentials', { label: 'Mine' })).json<{ id: string }>();
    const listed = (await globexAdmin.get('/api/lrs-credentials')).json<{ items: { id: string }[] }>().items;
    expect(listed.map((item) => item.id)).not.toContain(own.id);
    expect((await globexAdmin.delete(`/api/lrs-credentials/${own.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['no label', {}],
    ['a blank label', { label: '   ' }],
    ['a NUL in the label', { label: 'a\u0000b' }],
    ['a huge label', { label: 'x'.repeat(201) }],
    ['a label that is not text', { label: ['Learner app'] }],
    ['another company named in the body', { label: 'x', companyId: '00000000-0000-4000-8000-000000000000' }],
  ])('answers 400 for %s, and writes nothing', async (_label, body) => {
    const before = (await testApp.db.select().from(lrsCredentials)).length;
    expect((await admin.post('/api/lrs-credentials', body)).statusCode).toBe(400);
    expect(await testApp.db.select().from(lrsCredentials)).toHaveLength(before);
  });

  it('keeps a label of any script as written, up to 200 characters (not UTF-16 units)', async () => {
    for (const label of ['🎓 Formazione — Überprüfung 学习 مرحبا', 'e\u0301'.normalize('NFD'), '🎓'.repeat(200)]) {
      const response = await admin.post('/api/lrs-credentials', { label });
      expect(response.statusCode, label).toBe(201);
      expect(response.json<{ label: string }>().label).toBe(label);
    }
  });

  it('revokes a credential once when asked twenty times at once: one 204, one audit entry', async () => {
    const created = (await admin.post('/api/lrs-credentials', { label: 'Raced' })).json<{ id: string }>();
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.delete(`/api/lrs-credentials/${created.id}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, ...Array<number>(19).fill(404)]);
    const updates = (await auditEntriesFor(testApp.db, [created.id])).filter((entry) => entry.action === 'UPDATE');
    expect(updates).toHaveLength(1);
  });

  it('is for COMPANY admins only', async () => {
    const tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    expect((await tenantAdmin.get('/api/lrs-credentials')).statusCode).toBe(403);
    expect((await tenantAdmin.post('/api/lrs-credentials', { label: 'x' })).statusCode).toBe(403);
  });
});
