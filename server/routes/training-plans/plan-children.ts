import { and, eq, sql } from 'drizzle-orm';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { qualified } from '../../db/qualified';
import { contents, trainingPlanItems, trainingPlanModules, trainingPlans } from '../../db/schema';
import { invalidField, notFound } from '../../http/api-error';
import { isoTimestamps } from '../../store/resource';
import { defineOrderedChildren, type ChildParent } from './ordered-children';
import { itemBody, moduleBody, moduleParams, planParams, TrainingPlanItem, TrainingPlanModule } from '../../../contract/plan-children.schemas';

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
  if (!plan) throw notFound('Training plan not found');
  return plan;
}

const itemCount = sql<number>`(select count(*)::int from ${trainingPlanItems}
  where ${qualified(trainingPlanItems.moduleId)} = ${qualified(trainingPlanModules.id)})`;

/** The modules of a plan: `/training-plans/:planId/modules`. A change bumps the plan's `updatedAt`. */
export const modulesConfig = defineOrderedChildren({
  entity: 'module',
  parentNoun: 'plan',
  table: trainingPlanModules,
  parentColumn: trainingPlanModules.trainingPlanId,
  schemas: { title: 'TrainingPlanModule', record: TrainingPlanModule, body: moduleBody, parentParams: planParams },
  idParam: 'moduleId',
  orderField: 'moduleIds',
  parent: async (db, session, { planId }, lock): Promise<ChildParent> => {
    const plan = await planInReach(db, session, planId, lock);
    return { id: plan.id, plan, touches: [{ table: trainingPlans, id: plan.id }] };
  },
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
export const itemsConfig = defineOrderedChildren({
  entity: 'item',
  parentNoun: 'module',
  table: trainingPlanItems,
  parentColumn: trainingPlanItems.moduleId,
  schemas: { title: 'TrainingPlanItem', record: TrainingPlanItem, body: itemBody, parentParams: moduleParams },
  idParam: 'itemId',
  orderField: 'itemIds',
  parent: async (db, session, { planId, moduleId }, lock): Promise<ChildParent> => {
    const plan = await planInReach(db, session, planId, lock);
    const [module] = await db
      .select({ id: trainingPlanModules.id })
      .from(trainingPlanModules)
      .where(and(eq(trainingPlanModules.id, moduleId), eq(trainingPlanModules.trainingPlanId, plan.id)));
    if (!module) throw notFound('Module not found');
    return {
      id: module.id,
      plan,
      touches: [
        { table: trainingPlanModules, id: module.id },
        { table: trainingPlans, id: plan.id },
      ],
    };
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
      })
      .from(trainingPlanItems)
      .leftJoin(contents, eq(contents.id, trainingPlanItems.contentId))
      .$dynamic(),
  toRecord: ({ position, ...row }) => ({ ...isoTimestamps(row), order: position + 1 }),
  values: async ({ db, parent, body, existing }) => {
    if (body.contentId) await lockContentOf(db, parent.plan.companyId, body.contentId);
    return {
      title: body.title,
      type: body.type,
      contentId: body.contentId === undefined ? undefined : body.contentId || null,
      ...(existing ? {} : { moduleId: parent.id }),
    };
  },
});

/** The content must be one of the plan's company; KEY SHARE keeps it from being deleted before the item is written. */
async function lockContentOf(db: Database, companyId: string, contentId: string) {
  const [content] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.companyId, companyId)))
    .for('key share');
  if (!content) throw invalidField('contentId', 'not found');
}
