import { and, count, eq, sql } from 'drizzle-orm';
import { activityIdPrefix } from '../../../contract/activity-ids';
import type { Database } from '../../db/client';
import { enrolmentItems, enrolments, trainingPlanItems, trainingPlanModules, trainingPlans, users } from '../../db/schema';
import { verbs, type PreparedStatement } from './statements';
import type { LrsCaller } from './xapi.routes';

const starting = new Set<string>([verbs.launched, verbs.initialized, verbs.progressed]);
const moving = new Set<string>([...starting, verbs.completed, verbs.passed, verbs.failed]);
const activityPattern = new RegExp(
  `^${activityIdPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(plan|item)/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

/** The plan (and item) a statement's object names, inside the caller's company only. */
async function activityOf(db: Database, companyId: string, kind: string, id: string) {
  if (kind === 'plan') {
    const [plan] = await db
      .select({ planId: trainingPlans.id })
      .from(trainingPlans)
      .where(and(eq(trainingPlans.id, id), eq(trainingPlans.companyId, companyId)));
    return plan ? { planId: plan.planId, itemId: null, itemType: null } : null;
  }
  const [item] = await db
    .select({ planId: trainingPlans.id, itemId: trainingPlanItems.id, itemType: trainingPlanItems.type })
    .from(trainingPlanItems)
    .innerJoin(trainingPlanModules, eq(trainingPlanModules.id, trainingPlanItems.moduleId))
    .innerJoin(trainingPlans, eq(trainingPlans.id, trainingPlanModules.trainingPlanId))
    .where(and(eq(trainingPlanItems.id, id), eq(trainingPlans.companyId, companyId)));
  return item ?? null;
}

/**
 * Moves the company's enrolments with the statements just stored (issue 27), in their transaction. Only a statement
 * whose actor is one of the credential's company's users (`mbox` `mailto:`, any case) and whose object is one of that
 * company's plans or their items (`contract/activity-ids.ts`) moves anything, and only the enrolment of that learner
 * in that plan (a learner not enrolled: nothing). Every other valid statement is stored and moves nothing.
 *
 * - `launched`, `initialized`, `progressed`: started (IN_PROGRESS) at the statement's time, if not yet.
 * - `completed` of an item, `passed` of a QUIZ item with `result.score.scaled`: the item is done (`enrolment_items`).
 *   `failed` of a QUIZ item with a score, like any moving verb, is activity only.
 * - Each: last activity (the latest statement time), progress = items done ÷ items of the plan, `completed_at` once
 *   every item is done (a plan without items: once the plan itself is completed or passed).
 * The time is the statement's `timestamp`, never later than its `stored`.
 */
export async function moveEnrolments(db: Database, caller: LrsCaller, statements: PreparedStatement[]) {
  for (const statement of statements) {
    if (!moving.has(statement.verbId) || !statement.actorMbox?.toLowerCase().startsWith('mailto:')) continue;
    const match = activityPattern.exec(statement.objectActivityId ?? '');
    if (!match) continue;
    const activity = await activityOf(db, caller.companyId, match[1]!, match[2]!);
    if (!activity) continue;
    const email = statement.actorMbox.slice('mailto:'.length).toLowerCase();
    const [enrolment] = await db
      .select({ id: enrolments.id, completedAt: enrolments.completedAt })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(
        and(
          eq(enrolments.trainingPlanId, activity.planId),
          eq(enrolments.companyId, caller.companyId),
          eq(users.companyId, caller.companyId),
          sql`lower(${users.email}) = ${email}`,
        ),
      )
      .for('no key update', { of: enrolments });
    if (!enrolment) continue;

    const stored = new Date(statement.statement.stored as string);
    const at = statement.timestamp < stored ? statement.timestamp : stored;
    const itemDone =
      activity.itemId !== null &&
      (statement.verbId === verbs.completed ||
        (statement.verbId === verbs.passed && activity.itemType === 'QUIZ' && statement.scoreScaled !== null));
    if (itemDone) {
      await db
        .insert(enrolmentItems)
        .values({
          enrolmentId: enrolment.id,
          itemId: activity.itemId!,
          tenantId: caller.tenantId,
          companyId: caller.companyId,
          doneAt: at,
          verbId: statement.verbId,
          scoreScaled: statement.scoreScaled,
        })
        .onConflictDoNothing();
    }
    const [items] = await db
      .select({ total: count() })
      .from(trainingPlanItems)
      .innerJoin(trainingPlanModules, eq(trainingPlanModules.id, trainingPlanItems.moduleId))
      .where(eq(trainingPlanModules.trainingPlanId, activity.planId));
    const [done] = await db
      .select({ total: count() })
      .from(enrolmentItems)
      .innerJoin(trainingPlanItems, eq(trainingPlanItems.id, enrolmentItems.itemId))
      .innerJoin(trainingPlanModules, eq(trainingPlanModules.id, trainingPlanItems.moduleId))
      .where(and(eq(enrolmentItems.enrolmentId, enrolment.id), eq(trainingPlanModules.trainingPlanId, activity.planId)));
    const total = items?.total ?? 0;
    const progress = total > 0 ? Math.min(1, (done?.total ?? 0) / total) : 0;
    const planFinished =
      activity.itemId === null && total === 0 && (statement.verbId === verbs.completed || statement.verbId === verbs.passed);
    const completed = (total > 0 && progress === 1) || planFinished;
    await db
      .update(enrolments)
      .set({
        startedAt: sql`coalesce(${enrolments.startedAt}, ${at.toISOString()}::timestamptz)`,
        lastActivityAt: sql`greatest(${enrolments.lastActivityAt}, ${at.toISOString()}::timestamptz)`,
        progress: planFinished ? 1 : progress,
        ...(completed && !enrolment.completedAt ? { completedAt: at } : {}),
      })
      .where(eq(enrolments.id, enrolment.id));
  }
}
