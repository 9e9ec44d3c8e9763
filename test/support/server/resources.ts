import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { App } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { auditLog, companies, tenants, users, type Company, type Tenant, type User } from '../../../server/db/schema';
import { bearer, demo, signIn } from './harness';

/** Calls the API with one session's bearer token. */
export function apiAs(app: App, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
export type Api = ReturnType<typeof apiAs>;

export async function signedIn(app: App, email: string) {
  const { token, user } = await signIn(app, email);
  return { ...apiAs(app, token), userId: user.id };
}

/** A GLOBAL admin's session after assuming a tenant. */
export async function assumed(app: App, tenantId: string) {
  const root = await signedIn(app, demo.root);
  const response = await root.post('/api/auth/assume', { tenantId });
  if (response.statusCode !== 200) throw new Error(`assume failed: ${response.body}`);
  return { ...apiAs(app, response.json<{ token: string }>().token), userId: root.userId };
}

/** The seeded tenants, companies and users the tests talk about. */
export async function demoWorld(db: Database) {
  const tenantNamed = async (name: string): Promise<Tenant> => one(await db.select().from(tenants).where(eq(tenants.name, name)));
  const companyNamed = async (name: string): Promise<Company> => one(await db.select().from(companies).where(eq(companies.name, name)));
  const userWithEmail = async (email: string): Promise<User> => one(await db.select().from(users).where(eq(users.email, email)));
  return {
    acme: await tenantNamed('Acme Learning'),
    globex: await tenantNamed('Globex Academy'),
    acmeRobotics: await companyNamed('Acme Robotics S.p.A.'),
    acmeFoods: await companyNamed('Acme Foods S.r.l.'),
    globexConsulting: await companyNamed('Globex Consulting GmbH'),
    globexEnergy: await companyNamed('Globex Energy Ltd'),
    root: await userWithEmail(demo.root),
    tenantAdmin: await userWithEmail(demo.tenantAdmin),
    companyAdmin: await userWithEmail(demo.companyAdmin),
    learner: await userWithEmail(demo.learner),
    acmeFoodsAdmin: await userWithEmail(demo.disabledAdmin),
    globexAdmin: await userWithEmail(demo.globexAdmin),
    globexLearner: await userWithEmail('emily.clarke@example.com'),
  };
}
export type DemoWorld = Awaited<ReturnType<typeof demoWorld>>;

export function auditEntriesFor(db: Database, entityIds: string[]) {
  return db.select().from(auditLog).where(inArray(auditLog.entityId, entityIds)).orderBy(auditLog.at);
}

/** Every page of a list, following `page` until the total is reached. */
export async function allPages<Item>(api: Api, url: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const separator = url.includes('?') ? '&' : '?';
    const response = await api.get(`${url}${separator}page=${page}&pageSize=100`);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    const body = response.json<{ items: Item[]; total: number }>();
    items.push(...body.items);
    if (body.items.length === 0 || items.length >= body.total) return items;
  }
}

function one<Row>(rows: Row[]): Row {
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return rows[0]!;
}

/**
 * `count` new learners (COMPANY scope, not admins) of `company`, straight in the database (the users API has its own
 * tests): surname `<surname><random tag>`, a unique email each. Their ids and emails, in order.
 */
export async function newLearners(db: Database, company: Company, count: number, surname = 'Learner') {
  const tag = randomBytes(4).toString('hex');
  return db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        scope: 'COMPANY' as const,
        tenantId: company.tenantId,
        companyId: company.id,
        name: `Learner${index}`,
        surname: `${surname}${tag}`,
        email: `${surname.toLowerCase()}.${tag}.${index}@example.com`,
      })),
    )
    .returning({ id: users.id, email: users.email });
}
