import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, notExists, or, sql, type SQL } from 'drizzle-orm';
import { HomeAttention } from '../../../contract/delivery.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { owners, reachOf } from '../../auth/tenancy';
import { qualified } from '../../db/qualified';
import { companies, enrolments, planAssignments, tenants, trainingPlans, users } from '../../db/schema';
import { enrolmentStatusAt } from '../../store/enrolment-status';
import { allow } from '../resource/resource.routes';

/** How many of each kind /home names; the counts say how many there are in all. */
const shown = 5;

/** The rows of `table` about the company of the outer query's row: a correlated count. */
const perCompany = (table: typeof enrolments | typeof trainingPlans, where: SQL) =>
  sql<number>`(select count(*) from ${table} where ${qualified(table.companyId)} = ${qualified(companies.id)} and ${where})`.mapWith(
    Number,
  );

/**
 * What needs attention on /home (issue 27): overdue learners (the one status rule, now) and the published plans nobody
 * is assigned to. A COMPANY admin's own rows, named; a TENANT or GLOBAL admin's counted over its reach and per
 * company, the companies most overdue first, each leading to its completion report.
 */
export const homeAttentionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/attention',
    {
      onRequest: allow(['GLOBAL', 'TENANT', 'COMPANY']),
      schema: {
        summary: 'What needs attention: overdue learners and published plans nobody is assigned to, counted, the first few named',
        tags: ['reports'],
        response: { 200: HomeAttention, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { db, session } = request;
      const now = sql`${new Date().toISOString()}`;
      const isOverdue = sql`${enrolmentStatusAt(now, { qualify: true })} = 'OVERDUE'`;
      const isUnassigned = and(
        sql`${qualified(trainingPlans.status)} = 'PUBLISHED'`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(planAssignments)
            .where(sql`${qualified(planAssignments.trainingPlanId)} = ${qualified(trainingPlans.id)}`),
        ),
      )!;
      const overdue = and(reachOf(session, owners.enrolments), isOverdue);
      const unassigned = and(reachOf(session, owners.trainingPlans), isUnassigned);
      if (session.user.scope !== 'COMPANY') {
        const overdueOf = perCompany(enrolments, isOverdue);
        const unassignedOf = perCompany(trainingPlans, isUnassigned);
        const needing = and(reachOf(session, owners.companies), or(sql`${overdueOf} > 0`, sql`${unassignedOf} > 0`));
        const items = await db
          .select({
            id: companies.id,
            name: companies.name,
            tenantId: tenants.id,
            tenantName: tenants.name,
            overdue: overdueOf,
            unassignedPlans: unassignedOf,
          })
          .from(companies)
          .innerJoin(tenants, eq(tenants.id, companies.tenantId))
          .where(needing)
          .orderBy(desc(overdueOf), desc(unassignedOf), asc(companies.name), asc(companies.id))
          .limit(shown);
        const [companyCount] = await db.select({ total: count() }).from(companies).where(needing);
        const [overdueCount] = await db.select({ total: count() }).from(enrolments).where(overdue);
        const [unassignedCount] = await db.select({ total: count() }).from(trainingPlans).where(unassigned);
        return {
          overdue: { total: overdueCount?.total ?? 0, learners: [] },
          unassignedPlans: { total: unassignedCount?.total ?? 0, plans: [] },
          companies: {
            total: companyCount?.total ?? 0,
            items: items.map(({ tenantId, tenantName, ...company }) => ({ ...company, tenant: { id: tenantId, name: tenantName } })),
          },
        };
      }
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
