import { and, eq, sql } from 'drizzle-orm';
import {
  itemBody,
  ItemOrderBody,
  ItemParams,
  ItemsParams,
  moduleBody,
  ModuleOrderBody,
  ModuleParams,
  ModulesParams,
  TrainingPlanItem,
  TrainingPlanModule,
} from '../../../contract/plan-children.schemas';
import type { ItemType, TrainingPlanStatus } from '../../../contract/values';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { qualified } from '../../db/qualified';
import { contents, quizzes, trainingPlanItems, trainingPlanModules, trainingPlans } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../http/api-error';
import { itemActivityId } from '../../../contract/activity-ids';
import { defineOrderedResource, isoTimestamps, type Parent } from '../../store/resource';

/** The parent of a plan's modules or items: the plan above them is found (and locked for writes) first. */
interface PlanChildParent extends Parent {
  plan: { id: string; tenantId: string; companyId: string; status: TrainingPlanStatus };
}

const planChildParent = (id: string, plan: PlanChildParent['plan']): PlanChildParent => ({
  id,
  plan,
  owner: { tenantId: plan.tenantId, companyId: plan.companyId },
  auditDetails: { parentId: id, trainingPlanId: plan.id },
});

/** Only a DRAFT plan's modules and items may be deleted: a published plan keeps its structure. */
const whileDraft =
  (noun: string) =>
  ({ parent }: { parent: PlanChildParent }) => {
    if (parent.plan.status !== 'DRAFT') throw conflict(`Set the plan back to Draft before deleting its ${noun}s`, 'PLAN_NOT_DRAFT');
  };

/** A change of a plan's rows shows in the `updatedAt` (never the `version`, so open forms stay valid) of what holds them. */
const bumpUpdatedAt = async (db: Database, { plan }: PlanChildParent, moduleId?: string) => {
  if (moduleId !== undefined) {
    await db
      .update(trainingPlanModules)
      .set({ updatedAt: sql`now()` })
      .where(eq(trainingPlanModules.id, moduleId));
  }
  await db
    .update(trainingPlans)
    .set({ updatedAt: sql`now()` })
    .where(eq(trainingPlans.id, plan.id));
};

const companyAdmins = { read: ['COMPANY' as const], write: ['COMPANY' as const], deletable: true };

/**
 * The plan inside the caller's reach, else 404. Writes lock its row (FOR NO KEY UPDATE: foreign-key checks of new
 * children are not blocked), so that the writes of a plan's modules and items run one at a time.
 */
async function planInReach(db: Database, session: AuthSession, planId: string, lock: boolean) {
  const query = db
    .select({
      id: trainingPlans.id,
      tenantId: trainingPlans.tenantId,
      companyId: trainingPlans.companyId,
      status: trainingPlans.status,
    })
    .from(trainingPlans)
    .where(and(eq(trainingPlans.id, planId), reachOf(session, owners.trainingPlans)));
  const [plan] = await (lock ? query.for('no key update') : query);
  if (!plan) throw notFound('Training plan not found', 'TRAINING_PLAN_NOT_FOUND');
  return plan;
}

const itemCount = sql<number>`(select count(*)::int from ${trainingPlanItems}
  where ${qualified(trainingPlanItems.moduleId)} = ${qualified(trainingPlanModules.id)})`;

/** The modules of a plan: `/training-plans/:planId/modules`. A change bumps the plan's `updatedAt`. */
export const planModules = defineOrderedResource({
  entity: 'module',
  parentNoun: 'plan',
  access: companyAdmins,
  table: trainingPlanModules,
  parentColumn: trainingPlanModules.trainingPlanId,
  schemas: {
    title: 'TrainingPlanModule',
    record: TrainingPlanModule,
    body: moduleBody,
    params: ModulesParams,
    rowParams: ModuleParams,
    orderBody: ModuleOrderBody,
  },
  idParam: 'moduleId',
  orderField: 'moduleIds',
  parent: async (db, session, { planId }, lock) => {
    const plan = await planInReach(db, session, planId, lock);
    return planChildParent(plan.id, plan);
  },
  beforeDelete: whileDraft('module'),
  deleteSummary: 'Delete a module of a DRAFT plan; the ones after it move up',
  afterChange: (db, parent) => bumpUpdatedAt(db, parent),
  rows: (db) =>
    db
      .select({
        id: trainingPlanModules.id,
        createdAt: trainingPlanModules.createdAt,
        updatedAt: trainingPlanModules.updatedAt,
        version: trainingPlanModules.version,
        trainingPlanId: trainingPlanModules.trainingPlanId,
        title: trainingPlanModules.title,
        position: trainingPlanModules.position,
        itemCount,
      })
      .from(trainingPlanModules)
      .$dynamic(),
  toRecord: ({ position, ...row }) => ({ ...isoTimestamps(row), order: position + 1 }),
  values: async ({ parent, body, existing }) => ({
    title: body.title,
    ...(existing ? {} : { trainingPlanId: parent.id }),
  }),
});

/**
 * The items of a module: `/training-plans/:planId/modules/:moduleId/items`; the module must be the plan's.
 * A change bumps the `updatedAt` of the module and of the plan.
 */
export const moduleItems = defineOrderedResource({
  entity: 'item',
  parentNoun: 'module',
  access: companyAdmins,
  table: trainingPlanItems,
  parentColumn: trainingPlanItems.moduleId,
  schemas: {
    title: 'TrainingPlanItem',
    record: TrainingPlanItem,
    body: itemBody,
    params: ItemsParams,
    rowParams: ItemParams,
    orderBody: ItemOrderBody,
  },
  idParam: 'itemId',
  orderField: 'itemIds',
  beforeDelete: whileDraft('item'),
  deleteSummary: 'Delete a item of a DRAFT plan; the ones after it move up',
  afterChange: (db, parent) => bumpUpdatedAt(db, parent, parent.id),
  parent: async (db, session, { planId, moduleId }, lock) => {
    const plan = await planInReach(db, session, planId, lock);
    const [module] = await db
      .select({ id: trainingPlanModules.id })
      .from(trainingPlanModules)
      .where(and(eq(trainingPlanModules.id, moduleId), eq(trainingPlanModules.trainingPlanId, plan.id)));
    if (!module) throw notFound('Module not found', 'MODULE_NOT_FOUND');
    return planChildParent(module.id, plan);
  },
  rows: (db) =>
    db
      .select({
        id: trainingPlanItems.id,
        createdAt: trainingPlanItems.createdAt,
        updatedAt: trainingPlanItems.updatedAt,
        version: trainingPlanItems.version,
        trainingPlanModuleId: trainingPlanItems.moduleId,
        title: trainingPlanItems.title,
        position: trainingPlanItems.position,
        type: trainingPlanItems.type,
        contentId: trainingPlanItems.contentId,
        content: { id: contents.id, title: contents.title },
        quizId: trainingPlanItems.quizId,
        quiz: { id: quizzes.id, title: quizzes.title },
      })
      .from(trainingPlanItems)
      .leftJoin(contents, eq(contents.id, trainingPlanItems.contentId))
      .leftJoin(quizzes, eq(quizzes.id, trainingPlanItems.quizId))
      .$dynamic(),
  toRecord: ({ position, ...row }) => ({ ...isoTimestamps(row), order: position + 1, activityId: itemActivityId(row.id) }),
  values: async ({ db, parent, body, existing }) => ({
    title: body.title,
    ...(await itemReference(db, parent.plan.companyId, body, existing)),
    ...(existing ? {} : { moduleId: parent.id }),
  }),
});

/**
 * An item's type and what it points at: a CONTENT item a content, a QUIZ item a quiz, of the plan's company (else 400
 * `not found`, a foreign one included). Naming the other kind is refused (400 on the field); a change of type drops
 * what the item pointed at before (as a switch of a content to REFERENCE drops its text). Undefined: unchanged.
 */
async function itemReference(
  db: Database,
  companyId: string,
  body: { type?: ItemType; contentId?: string | null; quizId?: string | null },
  existing?: { type: ItemType },
) {
  const type = body.type ?? existing?.type ?? 'CONTENT';
  const wrongKind = (field: 'contentId' | 'quizId') => invalidField(field, 'notAllowed', `is not allowed on a ${type} item`, { type });
  if (type === 'QUIZ' && body.contentId) throw wrongKind('contentId');
  if (type === 'CONTENT' && body.quizId) throw wrongKind('quizId');
  if (body.contentId) await lockContentOf(db, companyId, body.contentId);
  if (body.quizId) await lockQuizOf(db, companyId, body.quizId);
  const changedType = existing !== undefined && existing.type !== type;
  const reference = (sent: string | null | undefined, kept: boolean) => (sent === undefined ? (kept ? undefined : null) : sent || null);
  return {
    type: body.type,
    contentId: type === 'CONTENT' ? reference(body.contentId, !changedType) : null,
    quizId: type === 'QUIZ' ? reference(body.quizId, !changedType) : null,
  };
}

/** The quiz must be one of the plan's company; KEY SHARE keeps it from being deleted before the item is written. */
async function lockQuizOf(db: Database, companyId: string, quizId: string) {
  const [quiz] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.companyId, companyId)))
    .for('key share');
  if (!quiz) throw invalidField('quizId', 'notFound', 'not found');
}

/** The content must be one of the plan's company; KEY SHARE keeps it from being deleted before the item is written. */
async function lockContentOf(db: Database, companyId: string, contentId: string) {
  const [content] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.companyId, companyId)))
    .for('key share');
  if (!content) throw invalidField('contentId', 'notFound', 'not found');
}
