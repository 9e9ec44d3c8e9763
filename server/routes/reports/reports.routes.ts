import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { listResponse } from '../../../contract/common.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { CompanyCompletion, GroupCompletion, PlanCompletion, ReportQuery } from '../../../contract/reports.schemas';
import type { Scope } from '../../../contract/values';
import { owners, reachOf } from '../../auth/tenancy';
import { companies, enrolments, groupMembers, groups, planAssignments, tenants, trainingPlans } from '../../db/schema';
import { enrolmentStatusAt } from '../../store/enrolment-status';
import { escapeLike, type ListParams } from '../../store/list-page';
import { allow } from '../resource/resource.routes';

/**
 * The counts of the enrolments joined to each row, by their status at `asOf` (the one rule: store/enrolment-status.ts).
 * `count(enrolments.id)`: a row without enrolments (a left join's NULLs) counts none.
 */
function completionCounts(asOf: Date) {
  const status = enrolmentStatusAt(sql`${asOf.toISOString()}`);
  const counted = (where?: SQL) =>
    (where ? sql`count(${enrolments.id}) filter (where ${where})` : sql`count(${enrolments.id})`).mapWith(Number);
  const enrolled = counted();
  const completed = counted(sql`${status} = 'COMPLETED'`);
  return {
    enrolled,
    notStarted: counted(sql`${status} = 'NOT_STARTED'`),
    inProgress: counted(sql`${status} = 'IN_PROGRESS'`),
    completed,
    overdue: counted(sql`${status} = 'OVERDUE'`),
    completionRate: sql<number | null>`(${completed})::float8 / nullif(${enrolled}, 0)`.mapWith((value) =>
      value === null ? null : Number(value),
    ),
  };
}

type Counts = ReturnType<typeof completionCounts>;

/** `ORDER BY` of a report: the sort asked for when it is one of the report's (else the name), then the id. */
function reportOrder(query: ListParams, name: SQLWrapper, counts: Counts, id: SQLWrapper) {
  const keys: Record<string, SQLWrapper> = {
    name,
    enrolled: counts.enrolled,
    completed: counts.completed,
    overdue: counts.overdue,
    completionRate: counts.completionRate,
  };
  const key = keys[query.sortBy ?? 'name'] ?? name;
  const direction = query.sortOrder === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return [sql`${key} ${direction}`, sql`${id} asc`];
}

const searched = (column: SQLWrapper, query: ListParams) => {
  const text = query.search?.trim();
  return text ? ilike(column as never, `%${escapeLike(text)}%`) : undefined;
};

const page = (query: ListParams) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/**
 * Completion reports (issue 27), lists with the list conventions (page, size, sort among the name and the counts,
 * search by name): per company for GLOBAL and TENANT admins, per plan and per group for a COMPANY admin. Counted now,
 * over the enrolments the caller reaches; a company, plan or group nobody is enrolled in is listed with zeros.
 */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['reports'];
  const report = (scopes: Scope[], summary: string, item: TSchema, title: string) => ({
    onRequest: allow(scopes),
    schema: {
      summary,
      tags,
      querystring: ReportQuery(title),
      response: { 200: listResponse(title, item), ...errorResponses(400, 401, 403) },
    },
  });

  app.get('/companies', report(['GLOBAL', 'TENANT'], 'Completion per company', CompanyCompletion, 'CompanyCompletion'), async (request) => {
    const { db, session } = request;
    const query = request.query as ListParams;
    const counts = completionCounts(new Date());
    const where = and(reachOf(session, owners.companies), searched(companies.name, query));
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: companies.id, name: companies.name, tenantId: tenants.id, tenantName: tenants.name, ...counts })
        .from(companies)
        .innerJoin(tenants, eq(tenants.id, companies.tenantId))
        .leftJoin(enrolments, eq(enrolments.companyId, companies.id))
        .where(where)
        .groupBy(companies.id, tenants.id)
        .orderBy(...reportOrder(query, companies.name, counts, companies.id))
        .limit(page(query).limit)
        .offset(page(query).offset),
      db.select({ total: count() }).from(companies).where(where),
    ]);
    const items = rows.map(({ tenantId, tenantName, ...row }) => ({ ...row, tenant: { id: tenantId, name: tenantName } }));
    return { items, total: total?.total ?? 0, totalIsEstimate: false };
  });

  app.get(
    '/plans',
    report(['COMPANY'], "Completion per training plan of the caller's company", PlanCompletion, 'PlanCompletion'),
    async (request) => {
      const { db, session } = request;
      const query = request.query as ListParams;
      const counts = completionCounts(new Date());
      const where = and(reachOf(session, owners.trainingPlans), searched(trainingPlans.name, query));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: trainingPlans.id, name: trainingPlans.name, status: trainingPlans.status, ...counts })
          .from(trainingPlans)
          .leftJoin(enrolments, eq(enrolments.trainingPlanId, trainingPlans.id))
          .where(where)
          .groupBy(trainingPlans.id)
          .orderBy(...reportOrder(query, trainingPlans.name, counts, trainingPlans.id))
          .limit(page(query).limit)
          .offset(page(query).offset),
        db.select({ total: count() }).from(trainingPlans).where(where),
      ]);
      return { items: rows, total: total?.total ?? 0, totalIsEstimate: false };
    },
  );

  app.get(
    '/groups',
    report(
      ['COMPANY'],
      "Completion per group of the caller's company: its members' enrolments in the plans assigned to the group",
      GroupCompletion,
      'GroupCompletion',
    ),
    async (request) => {
      const { db, session } = request;
      const query = request.query as ListParams;
      const counts = completionCounts(new Date());
      const where = and(reachOf(session, owners.groups), searched(groups.name, query));
      const assignedToGroup = sql`${enrolments.trainingPlanId} in (select ${planAssignments.trainingPlanId} from ${planAssignments} where ${planAssignments.groupId} = ${groups.id})`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: groups.id,
            name: groups.name,
            memberCount: sql<number>`count(distinct ${groupMembers.userId})`.mapWith(Number),
            ...counts,
          })
          .from(groups)
          .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
          .leftJoin(enrolments, and(eq(enrolments.userId, groupMembers.userId), assignedToGroup))
          .where(where)
          .groupBy(groups.id)
          .orderBy(...reportOrder(query, groups.name, counts, groups.id))
          .limit(page(query).limit)
          .offset(page(query).offset),
        db.select({ total: count() }).from(groups).where(where),
      ]);
      return { items: rows, total: total?.total ?? 0, totalIsEstimate: false };
    },
  );
};
