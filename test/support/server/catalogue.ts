import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../../server/auth/password';
import type { Database } from '../../../server/db/client';
import { users, type Company } from '../../../server/db/schema';
import type { App } from '../../../server/app';
import { demo } from './harness';
import { signedIn, type Api } from './resources';

/** The body of a 2xx answer; anything else fails the test with the answer. */
export function created<Body = Record<string, unknown> & { id: string; version: number }>(
  response: LightMyRequestResponse,
  status = 201,
): Body {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response.json<Body>();
}

/** Signs in a new COMPANY admin of `company` (the demo data has an enabled one for Acme Robotics and Globex Consulting only). */
export async function newCompanyAdmin(app: App, db: Database, company: Company) {
  const email = `admin.${randomBytes(4).toString('hex')}@example.com`;
  await db.insert(users).values({
    scope: 'COMPANY',
    admin: true,
    enabled: true,
    status: 'ACTIVE',
    passwordHash: await hashPassword(demo.password),
    tenantId: company.tenantId,
    companyId: company.id,
    name: 'Test',
    surname: 'Admin',
    email,
  });
  return signedIn(app, email);
}

export const planPath = (planId: string) => `/api/training-plans/${planId}`;
export const modulesPath = (planId: string) => `${planPath(planId)}/modules`;
export const itemsPath = (planId: string, moduleId: string) => `${modulesPath(planId)}/${moduleId}/items`;

type Stored = Record<string, unknown> & { id: string; version: number };

/**
 * A company's catalogue, created through the API: a topic, an article with that topic, two DRAFT plans, each with
 * one module holding one item that points at the article, and a quiz with the topic and one question.
 */
export async function createCatalogue(api: Api, label: string) {
  const topic = created<Stored>(await api.post('/api/topics', { name: `${label} topic`, color: '#12ab34' }));
  const content = created<Stored>(
    await api.post('/api/contents', { title: `${label} article`, type: 'Article', text: 'Read me', topicIds: [topic.id] }),
  );
  const planWithItem = async (name: string) => {
    const plan = created<Stored>(await api.post('/api/training-plans', { name }));
    const module = created<Stored>(await api.post(modulesPath(plan.id), { title: `${name} module` }));
    const item = created<Stored>(await api.post(itemsPath(plan.id, module.id), { title: `${name} item`, contentId: content.id }));
    return { plan, module, item };
  };
  const first = await planWithItem(`${label} plan`);
  const second = await planWithItem(`${label} other plan`);
  // Quizzes (issue 28): a quiz with the topic and one question, used by no item.
  const quiz = created<Stored & { questions: { id: string }[] }>(
    await api.post('/api/quizzes', {
      title: `${label} quiz`,
      topicIds: [topic.id],
      questions: [{ type: 'TRUE_FALSE', text: `${label} question`, correctAnswer: true }],
    }),
  );
  return { label, topic, content, quiz, ...first, other: second };
}
export type Catalogue = Awaited<ReturnType<typeof createCatalogue>>;

/** The fields a 400 names, each once (a value can break several rules of its field). */
export const errorFields = (response: LightMyRequestResponse): string[] => [
  ...new Set(((response.json().errors ?? []) as { field: string }[]).map((error) => error.field)),
];
