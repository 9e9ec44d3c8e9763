import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, tenants, users } from '../../server/db/schema';
import { demo, useTestApp } from './harness';
import { allPages, assumed, demoWorld, signedIn, type Api, type DemoWorld } from './resources';

const testApp = useTestApp();

type ActorKind = 'GLOBAL' | 'TENANT' | 'COMPANY' | 'ASSUMED';
interface Actor {
  kind: ActorKind;
  api: Api;
  /** Records of another tenant (and, for COMPANY, of another company of the same tenant). */
  foreign: { tenantId: string; companyIds: string[]; userIds: string[] };
  /** Whether a listed record is inside the actor's reach. */
  reaches: Record<'companies' | 'tenants' | 'users', (item: Record<string, unknown>) => boolean>;
}

interface Probe {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  status: number;
  /** The field a 400 names. */
  field?: string;
}

const unknownId = '00000000-0000-4000-8000-000000000000';
const byKind = (statuses: { GLOBAL: number; TENANT: number; COMPANY: number }) => (kind: ActorKind) =>
  statuses[kind === 'ASSUMED' ? 'TENANT' : kind];
const uniqueEmail = () => `isolation.${randomBytes(4).toString('hex')}@example.com`;
const companyBody = { name: 'Isolation S.r.l.', taxId: 'IT11111111111', countryCode: 'IT' };
const userBody = () => ({ name: 'Iso', surname: 'Lation', email: uniqueEmail() });

let world: DemoWorld;
const versionOf = async (table: typeof companies | typeof tenants | typeof users, id: string) => {
  const [row] = await testApp.db.select({ version: table.version }).from(table).where(sql`${table.id} = ${id}`);
  return row!.version;
};

/**
 * What each route must answer when an actor aims it at records outside its reach: 404 for a foreign id in the
 * path, 400 for a foreign tenant or company in the body, 403 for a route its scope may not use. GLOBAL reaches
 * everything: its probes show that the same ids exist (200, or a refusal that writes nothing).
 */
const routeProbes: Record<string, (actor: Actor) => Promise<Probe[]>> = {
  'GET /api/companies': async (actor) => [
    { label: 'tenant filter', method: 'GET', url: `/api/companies?tenantId=${actor.foreign.tenantId}`, status: byKind({ GLOBAL: 200, TENANT: 200, COMPANY: 403 })(actor.kind) },
  ],
  'GET /api/companies/{id}': async (actor) =>
    actor.foreign.companyIds.map((id) => ({
      label: 'foreign company', method: 'GET', url: `/api/companies/${id}`, status: byKind({ GLOBAL: 200, TENANT: 404, COMPANY: 403 })(actor.kind),
    })),
  'POST /api/companies': async (actor) => [
    {
      label: 'foreign tenantId',
      method: 'POST',
      url: '/api/companies',
      payload: { ...companyBody, tenantId: actor.kind === 'GLOBAL' ? unknownId : actor.foreign.tenantId },
      status: byKind({ GLOBAL: 400, TENANT: 400, COMPANY: 403 })(actor.kind),
      field: 'tenantId',
    },
  ],
  'PUT /api/companies/{id}': async (actor) => [
    ...(await Promise.all(
      actor.foreign.companyIds.map(async (id) => ({
        label: 'foreign company',
        method: 'PUT' as const,
        url: `/api/companies/${id}`,
        payload: { ...companyBody, version: (await versionOf(companies, id)) + (actor.kind === 'GLOBAL' ? 100 : 0) },
        status: byKind({ GLOBAL: 409, TENANT: 404, COMPANY: 403 })(actor.kind),
      })),
    )),
    {
      label: 'own company moved to a foreign tenant',
      method: 'PUT',
      url: `/api/companies/${world.acmeRobotics.id}`,
      payload: {
        ...companyBody,
        tenantId: actor.kind === 'GLOBAL' ? unknownId : actor.foreign.tenantId,
        version: await versionOf(companies, world.acmeRobotics.id),
      },
      status: byKind({ GLOBAL: 400, TENANT: 400, COMPANY: 403 })(actor.kind),
      field: 'tenantId',
    },
  ],
  'DELETE /api/companies/{id}': async (actor) =>
    actor.foreign.companyIds.map((id) => ({
      label: 'foreign company', method: 'DELETE', url: `/api/companies/${id}`, status: byKind({ GLOBAL: 409, TENANT: 404, COMPANY: 403 })(actor.kind),
    })),
  'GET /api/tenants': async (actor) => [
    { label: 'list', method: 'GET', url: '/api/tenants', status: byKind({ GLOBAL: 200, TENANT: 200, COMPANY: 403 })(actor.kind) },
  ],
  'GET /api/tenants/{id}': async (actor) => [
    { label: 'foreign tenant', method: 'GET', url: `/api/tenants/${actor.foreign.tenantId}`, status: byKind({ GLOBAL: 200, TENANT: 404, COMPANY: 403 })(actor.kind) },
  ],
  'POST /api/tenants': async (actor) => [
    {
      label: 'create',
      method: 'POST',
      url: '/api/tenants',
      payload: { name: 'Isolation Tenant', url: 'ftp://not-allowed.example.com' },
      status: byKind({ GLOBAL: 400, TENANT: 403, COMPANY: 403 })(actor.kind),
      field: 'url',
    },
  ],
  'PUT /api/tenants/{id}': async (actor) => [
    {
      label: 'foreign tenant',
      method: 'PUT',
      url: `/api/tenants/${actor.foreign.tenantId}`,
      payload: { name: 'Taken over', version: (await versionOf(tenants, actor.foreign.tenantId)) + (actor.kind === 'GLOBAL' ? 100 : 0) },
      status: byKind({ GLOBAL: 409, TENANT: 403, COMPANY: 403 })(actor.kind),
    },
    {
      label: 'own tenant',
      method: 'PUT',
      url: `/api/tenants/${world.acme.id}`,
      payload: { name: 'Renamed', version: (await versionOf(tenants, world.acme.id)) + (actor.kind === 'GLOBAL' ? 100 : 0) },
      status: byKind({ GLOBAL: 409, TENANT: 403, COMPANY: 403 })(actor.kind),
    },
  ],
  'GET /api/users': async () => [],
  'GET /api/users/{id}': async (actor) =>
    actor.foreign.userIds.map((id) => ({
      label: 'foreign user', method: 'GET', url: `/api/users/${id}`, status: byKind({ GLOBAL: 200, TENANT: 404, COMPANY: 404 })(actor.kind),
    })),
  'POST /api/users': async (actor) => [
    {
      label: 'foreign companyId',
      method: 'POST',
      url: '/api/users',
      payload: { ...userBody(), scope: 'COMPANY', companyId: actor.kind === 'GLOBAL' ? unknownId : actor.foreign.companyIds[0] },
      status: 400,
      field: 'companyId',
    },
    {
      label: 'foreign tenantId',
      method: 'POST',
      url: '/api/users',
      payload: { ...userBody(), scope: 'TENANT', tenantId: actor.kind === 'GLOBAL' ? unknownId : actor.foreign.tenantId },
      status: 400,
      field: actor.kind === 'COMPANY' ? 'scope' : 'tenantId',
    },
    {
      label: 'own company under a foreign tenant',
      method: 'POST',
      url: '/api/users',
      payload: { ...userBody(), scope: 'COMPANY', companyId: world.acmeRobotics.id, tenantId: world.globex.id },
      status: 400,
      field: 'tenantId',
    },
  ],
  'PUT /api/users/{id}': async (actor) => [
    ...(await Promise.all(
      actor.foreign.userIds.map(async (id) => ({
        label: 'foreign user',
        method: 'PUT' as const,
        url: `/api/users/${id}`,
        payload: { ...userBody(), version: (await versionOf(users, id)) + (actor.kind === 'GLOBAL' ? 100 : 0) },
        status: byKind({ GLOBAL: 409, TENANT: 404, COMPANY: 404 })(actor.kind),
      })),
    )),
    {
      label: 'own user moved to a foreign company',
      method: 'PUT',
      url: `/api/users/${world.learner.id}`,
      payload: {
        name: world.learner.name,
        surname: world.learner.surname,
        email: world.learner.email,
        companyId: actor.kind === 'GLOBAL' ? unknownId : actor.foreign.companyIds[0],
        version: await versionOf(users, world.learner.id),
      },
      status: 400,
      field: 'companyId',
    },
  ],
  'DELETE /api/users/{id}': async (actor) =>
    actor.kind === 'GLOBAL'
      ? [{ label: 'own user', method: 'DELETE', url: `/api/users/${world.root.id}`, status: 409 }]
      : actor.foreign.userIds.map((id) => ({ label: 'foreign user', method: 'DELETE', url: `/api/users/${id}`, status: 404 })),
};

const listRoutes = { companies: '/api/companies', tenants: '/api/tenants', users: '/api/users' } as const;

async function snapshot() {
  const rowsOf = (table: typeof companies | typeof tenants | typeof users) =>
    testApp.db
      .select({ id: table.id, version: table.version, updatedAt: table.updatedAt })
      .from(table)
      .orderBy(table.id);
  const writes = await testApp.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(inArray(auditLog.action, ['CREATE', 'UPDATE', 'DELETE']));
  return { tenants: await rowsOf(tenants), companies: await rowsOf(companies), users: await rowsOf(users), writes };
}

describe('tenant isolation on every route of companies, tenants and users', () => {
  const actors = {} as Record<ActorKind, Actor>;
  beforeAll(async () => {
    world = await demoWorld(testApp.db);
    const inTenant = (item: Record<string, unknown>) => item.tenantId === world.acme.id;
    const tenantForeign = {
      tenantId: world.globex.id,
      companyIds: [world.globexConsulting.id, world.globexEnergy.id],
      userIds: [world.globexAdmin.id, world.globexLearner.id, world.root.id],
    };
    const tenantReach = {
      companies: inTenant,
      tenants: (item: Record<string, unknown>) => item.id === world.acme.id,
      users: (item: Record<string, unknown>) => inTenant(item) && item.scope !== 'GLOBAL',
    };
    actors.GLOBAL = {
      kind: 'GLOBAL',
      api: await signedIn(testApp.app, demo.root),
      foreign: tenantForeign,
      reaches: { companies: () => true, tenants: () => true, users: () => true },
    };
    actors.TENANT = { kind: 'TENANT', api: await signedIn(testApp.app, demo.tenantAdmin), foreign: tenantForeign, reaches: tenantReach };
    actors.ASSUMED = { kind: 'ASSUMED', api: await assumed(testApp.app, world.acme.id), foreign: tenantForeign, reaches: tenantReach };
    actors.COMPANY = {
      kind: 'COMPANY',
      api: await signedIn(testApp.app, demo.companyAdmin),
      foreign: {
        tenantId: world.globex.id,
        companyIds: [world.acmeFoods.id, world.globexConsulting.id],
        userIds: [world.acmeFoodsAdmin.id, world.tenantAdmin.id, world.globexLearner.id, world.root.id],
      },
      reaches: {
        companies: () => false,
        tenants: () => false,
        users: (item) => item.companyId === world.acmeRobotics.id,
      },
    };
  });

  it('has probes for exactly the registered routes of these resources', () => {
    const document = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(document.paths)
      .filter(([path]) => /^\/api\/(companies|tenants|users)(\/|$)/.test(path) && path !== '/api/users/me')
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));

    expect(registered.sort()).toEqual(Object.keys(routeProbes).sort());
  });

  describe.each(['GLOBAL', 'TENANT', 'ASSUMED', 'COMPANY'] as const)('as %s', (kind) => {
    it('answers 404 for foreign ids in the path, 400 for foreign owners in the body, 403 for forbidden routes, and writes nothing', async () => {
      const actor = actors[kind];
      const before = await snapshot();

      const outcomes = [];
      const expected = [];
      for (const [route, probesOf] of Object.entries(routeProbes)) {
        for (const probe of await probesOf(actor)) {
          const response = await testApp.app.inject({
            method: probe.method,
            url: probe.url,
            headers: { authorization: `Bearer ${actor.api.token}` },
            ...(probe.payload ? { payload: probe.payload } : {}),
          });
          const field = response.statusCode === 400 ? response.json().errors?.[0]?.field : undefined;
          outcomes.push({ route, label: probe.label, status: response.statusCode, field });
          expected.push({ route, label: probe.label, status: probe.status, field: probe.status === 400 ? probe.field : undefined });
        }
      }

      expect(outcomes).toEqual(expected);
      expect(await snapshot()).toEqual(before);
    });

    it.each(Object.entries(listRoutes))('lists only %s within reach, even when searching for foreign names', async (resource, url) => {
      const actor = actors[kind];
      const reaches = actor.reaches[resource as keyof typeof listRoutes];
      const forbidden = kind === 'COMPANY' && resource !== 'users';
      if (forbidden) {
        expect((await actor.api.get(url)).statusCode).toBe(403);
        return;
      }

      const listed = await allPages<Record<string, unknown>>(actor.api, url);
      const searched = await allPages<Record<string, unknown>>(actor.api, `${url}?search=globex`);

      expect(listed.length).toBeGreaterThan(0);
      expect(listed.filter((item) => !reaches(item))).toEqual([]);
      expect(searched.filter((item) => !reaches(item))).toEqual([]);
      if (kind === 'GLOBAL') expect(searched.length).toBeGreaterThan(0);
    });
  });
});
