import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { HomeAttention } from '../../../contract/delivery.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { owners, reachOf } from '../../auth/tenancy';
import { enrolments, planAssignments, trainingPlans, users } from '../../db/schema';
import { enrolmentStatusAt } from '../../store/enrolment-status';
import { allow } from '../resource/resource.routes';

/** How many of each kind /home names; the counts say how many there are in all. */
const shown = 5;

/**
 * What needs a COMPANY admin's attention on /home (issue 27): overdue learners (the one status rule, now) and the
 * published plans nobody is assigned to. The company's own rows only, like every delivery route.
 */
export const homeAttentionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/attention',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'What needs attention: overdue learners and published plans nobody is assigned to, counted, the first few named',
        tags: ['reports'],
        response: { 200: HomeAttention, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { db, session } = request;
      const overdue = and(reachOf(session, owners.enrolments), sql`${enrolmentStatusAt(sql`${new Date().toISOString()}`)} = 'OVERDUE'`);
      const unassigned = and(
        reachOf(session, owners.trainingPlans),
        eq(trainingPlans.status, 'PUBLISHED'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(planAssignments)
            .where(eq(planAssignments.trainingPlanId, trainingPlans.id)),
        ),
      );
      // One after the other: the request's queries share its connection (and its row-level security settings).
      const [overdueCount] = await db.select({ total: count() }).from(enrolments).where(overdue);
      const learners = await db
        .select({
          enrolmentId: enrolments.id,
          userId: enrolments.userId,
          name: users.name,
          surname: users.surname,
          email: users.email,
          trainingPlanId: enrolments.trainingPlanId,
          planName: trainingPlans.name,
          dueDate: enrolments.dueDate,
        })
        .from(enrolments)
        .innerJoin(users, eq(users.id, enrolments.userId))
        .innerJoin(trainingPlans, eq(trainingPlans.id, enrolments.trainingPlanId))
        .where(overdue)
        .orderBy(asc(enrolments.dueDate), asc(enrolments.id))
        .limit(shown);
      const [unassignedCount] = await db.select({ total: count() }).from(trainingPlans).where(unassigned);
      const plans = await db
        .select({ id: trainingPlans.id, name: trainingPlans.name })
        .from(trainingPlans)
        .where(unassigned)
        .orderBy(asc(trainingPlans.createdAt), asc(trainingPlans.id))
        .limit(shown);
      return {
        overdue: {
          total: overdueCount?.total ?? 0,
          learners: learners.map(({ dueDate, ...learner }) => ({ ...learner, dueDate: dueDate!.toISOString() })),
        },
        unassignedPlans: { total: unassignedCount?.total ?? 0, plans },
      };
    },
  );
};
