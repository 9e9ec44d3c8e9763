import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, sessions, users } from '../../../../server/db/schema';
import { demo, signIn, useTestApp } from '../../../support/server/harness';
import { assumed, auditEntriesFor, demoWorld, signedIn, type Api, type DemoWorld } from '../../../support/server/resources';

const testApp = useTestApp();

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Valentina',
  surname: 'Fabbri',
  email: `valentina.${randomBytes(4).toString('hex')}@example.com`,
  ...overrides,
});
const storedUser = async (id: string) => (await testApp.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('users', () => {
  let world: DemoWorld;
  let root: Api & { userId: string };
  let tenantAdmin: Api & { userId: string };
  let companyAdmin: Api & { userId: string };
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    root = await signedIn(testApp.app, demo.root);
    tenantAdmin = await signedIn(testApp.app, demo.tenantAdmin);
    companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
  });

  describe('creating', () => {
    it('answers the record, PENDING without a password, never with a password or hash', async () => {
      const body = newUser();

      const response = await tenantAdmin.post('/api/users', body);

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        ...body,
        status: 'PENDING',
        enabled: true,
        admin: false,
        scope: 'TENANT',
        tenantId: world.acme.id,
        companyId: null,
        tenant: { id: world.acme.id, name: 'Acme Learning' },
        company: null,
      });
    });

    it('makes a user ACTIVE with an argon2id hash when a password is given', async () => {
      const response = await companyAdmin.post('/api/users', newUser({ password: 'Correct-Horse-1' }));

      expect(response.json()).toMatchObject({ status: 'ACTIVE', scope: 'COMPANY', companyId: world.acmeRobotics.id });
      expect(response.body).not.toMatch(/password|argon2|Correct-Horse/i);
      expect((await storedUser(response.json().id)).passwordHash).toMatch(/^\$argon2id\$/);
    });

    it.each([
      ['GLOBAL', () => root, { scope: 'GLOBAL', tenantId: null, companyId: null }],
      ['TENANT', () => tenantAdmin, { scope: 'TENANT', tenantId: 'acme', companyId: null }],
      ['COMPANY', () => companyAdmin, { scope: 'COMPANY', tenantId: 'acme', companyId: 'acmeRobotics' }],
    ] as const)("gives a user created by a %s admin the creator's scope and organisation by default", async (_scope, creator, expected) => {
      const response = await creator().post('/api/users', newUser());

      expect(response.json()).toMatchObject({
        scope: expected.scope,
        tenantId: expected.tenantId && world[expected.tenantId].id,
        companyId: expected.companyId && world[expected.companyId].id,
      });
    });

    it('derives the tenant of a COMPANY user from its company', async () => {
      const response = await root.post('/api/users', newUser({ scope: 'COMPANY', companyId: world.globexEnergy.id }));

      expect(response.json()).toMatchObject({ tenantId: world.globex.id, company: { name: 'Globex Energy Ltd' } });
    });

    it.each([
      ['a COMPANY admin, a wider scope', () => companyAdmin, { scope: 'TENANT' }, 'scope', 'not allowed'],
      ['a TENANT admin, a GLOBAL user', () => tenantAdmin, { scope: 'GLOBAL' }, 'scope', 'not allowed'],
      ['GLOBAL, a TENANT user without a tenant', () => root, { scope: 'TENANT' }, 'tenantId', 'is required'],
      ['GLOBAL, a COMPANY user without a company', () => root, { scope: 'COMPANY' }, 'companyId', 'is required'],
      ['GLOBAL, a GLOBAL user with a tenant', () => root, { scope: 'GLOBAL', tenantId: 'acme' }, 'tenantId', 'not allowed'],
      ['a TENANT admin, a TENANT user with a company', () => tenantAdmin, { companyId: 'acmeFoods' }, 'companyId', 'not allowed'],
      [
        'a TENANT admin, a company of another tenant',
        () => tenantAdmin,
        { scope: 'COMPANY', companyId: 'globexEnergy' },
        'companyId',
        'not found',
      ],
      [
        'GLOBAL, a company under another tenant',
        () => root,
        { scope: 'COMPANY', companyId: 'acmeFoods', tenantId: 'globex' },
        'tenantId',
        'not found',
      ],
      ['a COMPANY admin, another company', () => companyAdmin, { companyId: 'acmeFoods' }, 'companyId', 'not found'],
    ] as const)('answers 400 when asked by %s', async (_label, creator, placement, field, message) => {
      const resolved = Object.fromEntries(
        Object.entries(placement).map(([key, value]) => [key, key === 'scope' ? value : world[value as 'acme'].id]),
      );

      const response = await creator().post('/api/users', newUser(resolved));

      expect(response.statusCode).toBe(400);
      const rule = { 'not allowed': 'notAllowed', 'is required': 'required', 'not found': 'notFound' }[message];
      expect(response.json().errors).toEqual([{ field, rule, message }]);
    });

    it('lets a GLOBAL admin inside an assumed tenant act as that TENANT', async () => {
      const inAcme = await assumed(testApp.app, world.acme.id);

      const tenantUser = await inAcme.post('/api/users', newUser());
      const globalUser = await inAcme.post('/api/users', newUser({ scope: 'GLOBAL' }));

      expect(tenantUser.json()).toMatchObject({ scope: 'TENANT', tenantId: world.acme.id });
      expect(globalUser.statusCode).toBe(400);
      const [created] = await auditEntriesFor(testApp.db, [tenantUser.json().id]);
      expect(created).toMatchObject({ actorUserId: world.root.id, assumedTenantId: world.acme.id, tenantId: world.acme.id });
    });

    it.each([
      ['missing names and email', {}, ['name', 'surname', 'email']],
      ['a malformed email', newUser({ email: 'valentina@' }), ['email']],
      ['a short password', newUser({ password: 'short' }), ['password']],
      ['an unknown scope', newUser({ scope: 'ROOT' }), ['scope']],
      ['a status, which is read-only', newUser({ status: 'ACTIVE' }), ['status']],
      ['a password hash', newUser({ passwordHash: 'x' }), ['passwordHash']],
      ['a string for a boolean', newUser({ enabled: 'yes' }), ['enabled']],
    ])('answers 400 with field errors for %s', async (_label, body, fields) => {
      const response = await tenantAdmin.post('/api/users', body);

      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(fields);
    });
  });

  describe('emails follow the one rule of the contract and the console (contract/email.ts)', () => {
    it('refuses an address without a dotted domain, on create and on sign-in, and names the rule', async () => {
      const created = await tenantAdmin.post('/api/users', newUser({ email: 'a@b' }));
      const login = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b', password: 'whatever-1' } });

      for (const response of [created, login]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toContainEqual(
          expect.objectContaining({ field: 'email', rule: 'format', params: { format: 'email' } }),
        );
      }
      expect(await testApp.db.select().from(users).where(eq(users.email, 'a@b'))).toEqual([]);
    });

    it('accepts an ordinary address, and a company email alike', async () => {
      const email = `anna.${randomBytes(4).toString('hex')}@mail.example.co.uk`;

      const response = await tenantAdmin.post('/api/users', newUser({ email }));
      const company = await tenantAdmin.put(`/api/companies/${world.acmeRobotics.id}`, { email: 'a@b' });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ email });
      expect(company.statusCode).toBe(400);
      expect(company.json().errors).toContainEqual(expect.objectContaining({ field: 'email', rule: 'format' }));
    });
  });

  describe('emails are unique, whatever their case', () => {
    it('answers 409 on the email field when creating', async () => {
      const response = await tenantAdmin.post('/api/users', newUser({ email: 'Mario.ROSSI@example.com' }));

      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ errors: [{ field: 'email', message: 'already in use' }] });
    });

    it('answers 409 when updating to a taken email, and writes nothing', async () => {
      const { id } = (await tenantAdmin.post('/api/users', newUser())).json();

      const response = await tenantAdmin.put(`/api/users/${id}`, newUser({ email: 'TENANT.admin@example.com', version: 1 }));

      expect(response.statusCode).toBe(409);
      expect(await storedUser(id)).toMatchObject({ version: 1, name: 'Valentina' });
    });

    it('lets one of two concurrent creations with the same email win', async () => {
      const email = `twin.${randomBytes(4).toString('hex')}@example.com`;

      const responses = await Promise.all(
        [email, email.toUpperCase()].map((variant) => tenantAdmin.post('/api/users', newUser({ email: variant }))),
      );

      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('updating', () => {
    it('keeps the password and status when the password is omitted, and activates a user given one', async () => {
      const created = (await tenantAdmin.post('/api/users', newUser())).json();
      const renamed = await tenantAdmin.put(`/api/users/${created.id}`, {
        ...newUser(),
        name: 'Renamed',
        email: created.email,
        version: 1,
      });
      const activated = await tenantAdmin.put(`/api/users/${created.id}`, {
        ...newUser(),
        name: 'Renamed',
        email: created.email,
        password: 'Secret-Password-9',
        version: 2,
      });

      expect(renamed.json()).toMatchObject({ status: 'PENDING', version: 2 });
      expect(activated.json()).toMatchObject({ status: 'ACTIVE', version: 3 });
      const entries = await auditEntriesFor(testApp.db, [created.id]);
      expect(entries.at(-1)?.details).toEqual({ changed: ['password', 'status'] });
      expect(JSON.stringify(entries)).not.toMatch(/Secret-Password|argon2/);
    });

    it('keeps omitted flags and placement, and moves a user to another company of the tenant', async () => {
      const created = (
        await tenantAdmin.post('/api/users', newUser({ scope: 'COMPANY', companyId: world.acmeRobotics.id, admin: true, enabled: false }))
      ).json();

      const moved = await tenantAdmin.put(`/api/users/${created.id}`, {
        name: created.name,
        surname: created.surname,
        email: created.email,
        companyId: world.acmeFoods.id,
        version: 1,
      });

      expect(moved.json()).toMatchObject({ scope: 'COMPANY', companyId: world.acmeFoods.id, admin: true, enabled: false });
    });
  });

  describe('deleting', () => {
    it('deletes another user, ends their sessions and audits it', async () => {
      const { id } = (await companyAdmin.post('/api/users', newUser({ admin: true, password: 'Another-Secret-1' }))).json();
      const { email } = await storedUser(id);
      await signIn(testApp.app, email, 'Another-Secret-1');

      const response = await companyAdmin.delete(`/api/users/${id}`);

      expect(response.statusCode).toBe(204);
      expect(await testApp.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
      const [, deleted] = await auditEntriesFor(testApp.db, [id]);
      expect(deleted).toMatchObject({ action: 'DELETE', entity: 'user', tenantId: world.acme.id, companyId: world.acmeRobotics.id });
    });

    it('refuses to delete oneself', async () => {
      const response = await tenantAdmin.delete(`/api/users/${tenantAdmin.userId}`);

      expect(response.statusCode).toBe(409);
      expect(await storedUser(tenantAdmin.userId)).toBeDefined();
    });
  });

  describe('listing', () => {
    it('finds users by the name of their tenant or company', async () => {
      const [holding] = await testApp.db
        .insert(companies)
        .values({ tenantId: world.acme.id, name: 'Zibaldone Holding', taxId: 'IT22222222222', countryCode: 'IT' })
        .returning();
      const { id } = (await tenantAdmin.post('/api/users', newUser({ scope: 'COMPANY', companyId: holding!.id }))).json();

      const byCompany = (await tenantAdmin.get('/api/users?search=zibaldone')).json();
      const byTenant = (await root.get('/api/users?search=globex%20acad&pageSize=100')).json();

      expect(byCompany).toMatchObject({ total: 1, items: [{ id }] });
      expect(byTenant.items.length).toBeGreaterThan(0);
      expect(byTenant.items.every((user: { tenantId: string }) => user.tenantId === world.globex.id)).toBe(true);
    });

    it("has enough demo users in the demo company admin's company to page", async () => {
      const firstPage = (await companyAdmin.get('/api/users')).json();

      expect(firstPage.items).toHaveLength(10);
      expect(firstPage.total).toBeGreaterThanOrEqual(12);
    });
  });
});
