import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import { exportQuery, listQuery, listResponse } from '../../../contract/common.schemas';
import {
  AssignmentBody,
  AssignmentParams,
  Enrolment,
  enrolmentFilters,
  EnrolmentSummary,
  PlanAssignment,
  PlanAssignmentsCreated,
  PlanParams,
} from '../../../contract/delivery.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import type { EnrolmentStatus } from '../../../contract/values';
import { recordAudits } from '../../audit/audit-log';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import type { Bind } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import {
  enrolmentCompletionDays,
  enrolmentCounts,
  enrolments,
  groupMembers,
  groups,
  planAssignments,
  trainingPlans,
  users,
} from '../../db/schema';
import { conflict, invalidField, notFound } from '../../http/api-error';
import { countedStatusAt, enrolmentStatusAt, enrolmentStatusNow, minuteNow } from '../../store/enrolment-status';
import { listPage, type ListParams, type ListSource } from '../../store/list-page';
import { csvExport, EXPORT_BATCH_SIZE, exportLanguage, exportLanguages } from '../resource/csv-export';
import { companyUsers } from '../groups/group-members.routes';
import { allow } from '../resource/resource.routes';

const planNotFound = () => notFound('Training plan not found', 'TRAINING_PLAN_NOT_FOUND');

/**
 * The plan inside the caller's reach, else 404; `lock`: FOR SHARE, so that its status cannot change before commit
 * (`'no key update'`: also one such write of the plan at a time).
 */
async function planInReach(db: Database, session: AuthSession, id: string, lock: boolean | 'no key update' = false) {
  const query = db
    .select({ id: trainingPlans.id, tenantId: trainingPlans.tenantId, companyId: trainingPlans.companyId, status: trainingPlans.status })
    .from(trainingPlans)
    .where(and(eq(trainingPlans.id, id), reachOf(session, owners.trainingPlans)));
  const [plan] = await (lock ? query.for(lock === true ? 'share' : lock) : query);
  if (!plan) throw planNotFound();
  return plan;
}

type PlanInReach = Awaited<ReturnType<typeof planInReach>>;

/** The plan to assign, locked (see `planInReach`): 404 outside the caller's reach, 409 unless PUBLISHED. */
export async function planToAssign(db: Database, session: AuthSession, id: string, lock: true | 'no key update') {
  const plan = await planInReach(db, session, id, lock);
  if (plan.status !== 'PUBLISHED') throw conflict('Only a published plan can be assigned', 'PLAN_NOT_PUBLISHED');
  return plan;
}

/** An assignment's due date as sent (an ISO date-time, or null): 400 outside the years 1970–9999. */
export function dueDateOf(dueDate: string | null) {
  const due = dueDate === null ? null : new Date(dueDate);
  if (due !== null && (Number.isNaN(due.getTime()) || due.getUTCFullYear() < 1970 || due.getUTCFullYear() > 9999)) {
    throw invalidField('dueDate', 'format', 'must be a date-time between 1970 and 9999');
  }
  return due;
}

type AssignmentTarget = { target: 'USER'; userId: string } | { target: 'GROUP'; groupId: string } | { target: 'COMPANY' };

/** One assignment of the plan per target, each audited (the enrolments follow in the transaction: migration 0020). */
export async function createAssignments(
  tx: Database,
  session: AuthSession,
  plan: PlanInReach,
  targets: AssignmentTarget[],
  due: Date | null,
) {
  if (!targets.length) return [];
  const owner = { tenantId: plan.tenantId, companyId: plan.companyId };
  const rows = await tx
    .insert(planAssignments)
    .values(targets.map((target) => ({ ...owner, trainingPlanId: plan.id, dueDate: due, ...target })))
    .returning({
      id: planAssignments.id,
      target: planAssignments.target,
      userId: planAssignments.userId,
      groupId: planAssignments.groupId,
    });
  await recordAudits(
    tx,
    session,
    rows.map((row) => ({
      action: 'CREATE' as const,
      entity: 'assignment',
      entityId: row.id,
      owner,
      details: {
        changed: ['target', ...(row.userId ? ['userId'] : []), ...(row.groupId ? ['groupId'] : []), ...(due ? ['dueDate'] : [])],
        trainingPlanId: plan.id,
      },
    })),
  );
  return rows;
}

/** The users among `userIds` the plan is already assigned to by name (a USER assignment). */
export async function usersAssigned(db: Database, planId: string, userIds: readonly string[]) {
  if (!userIds.length) return [];
  const rows = await db
    .selectDistinct({ userId: planAssignments.userId })
    .from(planAssignments)
    .where(
      and(eq(planAssignments.trainingPlanId, planId), eq(planAssignments.target, 'USER'), inArray(planAssignments.userId, [...userIds])),
    );
  return rows.map((row) => row.userId!);
}

// --- Assignments ---------------------------------------------------------------------------------------------------

/** How many learners an assignment reaches now: users still of the plan's company. */
const learnerCount = sql<number>`(case ${qualified(planAssignments.target)}
  when 'USER' then (select count(*)::int from ${users} where ${qualified(users.id)} = ${qualified(planAssignments.userId)}
    and ${qualified(users.companyId)} = ${qualified(planAssignments.companyId)})
  when 'GROUP' then (select count(*)::int from ${groupMembers} join ${users} on ${qualified(users.id)} = ${qualified(groupMembers.userId)}
    where ${qualified(groupMembers.groupId)} = ${qualified(planAssignments.groupId)} and ${qualified(users.companyId)} = ${qualified(planAssignments.companyId)})
  else (select count(*)::int from ${users} where ${qualified(users.companyId)} = ${qualified(planAssignments.companyId)}) end)`;

const targetName = sql<string | null>`(case ${qualified(planAssignments.target)}
  when 'USER' then (select ${qualified(users.name)} || ' ' || ${qualified(users.surname)} from ${users} where ${qualified(users.id)} = ${qualified(planAssignments.userId)})
  when 'GROUP' then (select ${qualified(groups.name)} from ${groups} where ${qualified(groups.id)} = ${qualified(planAssignments.groupId)})
  else null end)`;

async function readAssignments(db: Database, planId: string, ids?: string[]) {
  const rows = await db
    .select({
      id: planAssignments.id,
      createdAt: planAssignments.createdAt,
      trainingPlanId: planAssignments.trainingPlanId,
      target: planAssignments.target,
      userId: planAssignments.userId,
      groupId: planAssignments.groupId,
      targetName,
      dueDate: planAssignments.dueDate,
      learnerCount,
    })
    .from(planAssignments)
    .where(and(eq(planAssignments.trainingPlanId, planId), ids ? inArray(planAssignments.id, ids) : undefined))
    .orderBy(asc(planAssignments.createdAt), asc(planAssignments.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), dueDate: row.dueDate?.toISOString() ?? null }));
}

/** The groups among `ids` of `companyId` inside the caller's reach, locked FOR KEY SHARE; else 400 on `groupIds`. */
async function companyGroups(db: Database, session: AuthSession, companyId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, wanted), eq(groups.companyId, companyId), reachOf(session, owners.groups)))
    .orderBy(asc(groups.id))
    .for('key share');
  if (found.length !== wanted.length) throw invalidField('groupIds', 'notFound', 'names groups that are not of the company');
  return wanted;
}

// --- Enrolments ----------------------------------------------------------------------------------------------------

/** A plan's enrolments (those of `status` at `asOf` when given), from the counts kept per plan (migration 0024). */
const keptCount = (status?: { asOf: string; is: EnrolmentStatus }) =>
  sql<number>`coalesce(sum(${enrolmentCounts.enrolments})${
    status ? sql` filter (where ${countedStatusAt(sql`${status.asOf}`)} = ${status.is})` : sql``
  }, 0)::int`;

/** How many learners a plan has, from the kept counts. */
async function enrolledIn(db: Database, session: AuthSession, planId: string) {
  const [row] = await db
    .select({ enrolled: keptCount() })
    .from(enrolmentCounts)
    .where(and(reachOf(session, owners.enrolmentCounts), eq(enrolmentCounts.trainingPlanId, planId)));
  return row?.enrolled ?? 0;
}

const enrolmentRows = (db: Database) =>
  db
    .select({
      id: enrolments.id,
      createdAt: enrolments.createdAt,
      trainingPlanId: enrolments.trainingPlanId,
      userId: enrolments.userId,
      name: users.name,
      surname: users.surname,
      email: users.email,
      status: enrolmentStatusNow(),
      dueDate: enrolments.dueDate,
      startedAt: enrolments.startedAt,
      completedAt: enrolments.completedAt,
      progress: enrolments.progress,
      lastActivityAt: enrolments.lastActivityAt,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .$dynamic();

type EnrolmentRow = Awaited<ReturnType<ReturnType<typeof enrolmentRows>['execute']>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;
const enrolmentRecord = ({ createdAt, dueDate, startedAt, completedAt, lastActivityAt, ...row }: EnrolmentRow) => ({
  ...row,
  enrolledAt: createdAt.toISOString(),
  dueDate: iso(dueDate),
  startedAt: iso(startedAt),
  completedAt: iso(completedAt),
  lastActivityAt: iso(lastActivityAt),
});

const enrolmentSorts: Record<string, AnyPgColumn> = {
  enrolledAt: enrolments.createdAt,
  dueDate: enrolments.dueDate,
  progress: enrolments.progress,
  lastActivityAt: enrolments.lastActivityAt,
};

/** A uuid[] as the driver gives it: an array, or its text form. */
const arrayOf = (value: string[] | string | null | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value.length > 2 ? value.slice(1, -1).split(',') : [];

/** The enrolments of one plan; a search matches the learner's name, surname or email (looked up first, like users'). */
function enrolmentSource(session: AuthSession, companyId: string): ListSource<EnrolmentRow> {
  return {
    table: enrolments,
    id: enrolments.id,
    createdAt: enrolments.createdAt,
    rows: enrolmentRows as ListSource<EnrolmentRow>['rows'],
    sorts: enrolmentSorts,
    search: async (pattern, db, bind) => {
      const [row] = await db
        .select({ ids: sql<string[] | string | null>`array_agg(${users.id})` })
        .from(users)
        .where(
          and(
            eq(users.companyId, companyId),
            reachOf(session, owners.users),
            or(ilike(users.name, pattern), ilike(users.surname, pattern), ilike(users.email, pattern)),
          ),
        );
      // Bound even when empty: the count learned for a condition is keyed by its bound names and values.
      return [sql`${enrolments.userId} = any(${bind('searchUserIds', arrayOf(row?.ids))}::uuid[])`];
    },
  };
}

/**
 * A plan's delivery (issue 27): its assignments (`GET/POST /training-plans/:id/assignments`,
 * `DELETE …/assignments/:assignmentId`) and its learners' enrolments (`GET /training-plans/:id/enrolments`).
 * COMPANY only, like the plans. Enrolments are never written here: migration 0020's triggers derive them from the
 * assignments, in the write's transaction.
 */
/** The condition of a plan's learners list and of its export: the caller's reach, the plan, the status asked for. */
const enrolmentFilter = (session: AuthSession, planId: string, query: { status?: EnrolmentStatus }) => (bind: Bind) =>
  and(
    reachOf(session, owners.enrolments, bind),
    eq(enrolments.trainingPlanId, bind('planId', planId)),
    query.status ? sql`${enrolmentStatusAt(bind('asOf', minuteNow()))} = ${bind('status', query.status)}` : undefined,
  );

/** The learners export's columns: who, where they stand, and when. */
const enrolmentExportColumns = [
  'name',
  'surname',
  'email',
  'status',
  'progress',
  'dueDate',
  'startedAt',
  'completedAt',
  'lastActivityAt',
  'enrolledAt',
];

export const planDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['training-plans'];
  const { exactCountLimit } = app.listSettings;

  app.get(
    '/:id/assignments',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'List the assignments of a plan, all of them, oldest first',
        tags,
        params: PlanParams,
        response: { 200: listResponse('PlanAssignment', PlanAssignment), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const plan = await planInReach(request.db, request.session, request.params.id);
      const items = await readAssignments(request.db, plan.id);
      return { items, total: items.length, totalIsEstimate: false };
    },
  );

  app.post(
    '/:id/assignments',
    {
      onRequest: allow(['COMPANY']),
      config: { idempotent: true },
      schema: {
        summary:
          'Assign a PUBLISHED plan to users, groups and/or the whole company, with an optional due date: one assignment per target; every learner reached is enrolled once (earliest due date)',
        tags,
        params: PlanParams,
        body: AssignmentBody,
        response: { 201: PlanAssignmentsCreated, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      const { userIds = [], groupIds = [], wholeCompany = false, dueDate = null } = request.body;
      if (!userIds.length && !groupIds.length && !wholeCompany) {
        throw invalidField('userIds', 'required', 'name users, groups or the whole company');
      }
      const due = dueDateOf(dueDate);
      const created = await request.db.transaction(async (tx) => {
        const plan = await planToAssign(tx, session, request.params.id, true);
        const targets: AssignmentTarget[] = [
          ...(userIds.length ? await companyUsers(tx, session, plan.companyId, userIds, 'userIds') : []).map((userId) => ({
            target: 'USER' as const,
            userId,
          })),
          ...(groupIds.length ? await companyGroups(tx, session, plan.companyId, groupIds) : []).map((groupId) => ({
            target: 'GROUP' as const,
            groupId,
          })),
          ...(wholeCompany ? [{ target: 'COMPANY' as const }] : []),
        ];
        const rows = await createAssignments(tx, session, plan, targets, due);
        return readAssignments(
          tx,
          plan.id,
          rows.map((row) => row.id),
        );
      });
      return reply.code(201).send({ id: created[0]!.id, items: created });
    },
  );

  app.delete(
    '/:id/assignments/:assignmentId',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'Remove an assignment; its learners lose the plan unless another assignment gives it to them',
        tags,
        params: AssignmentParams,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      await request.db.transaction(async (tx) => {
        const plan = await planInReach(tx, session, request.params.id, true);
        const assignmentNotFound = () => notFound('Assignment not found', 'ASSIGNMENT_NOT_FOUND');
        const named = and(eq(planAssignments.id, request.params.assignmentId), eq(planAssignments.trainingPlanId, plan.id));
        const [assignment] = await tx
          .select({ id: planAssignments.id, groupId: planAssignments.groupId, userId: planAssignments.userId })
          .from(planAssignments)
          .where(named);
        if (!assignment) throw assignmentNotFound();
        // The group or user it names is locked before the assignment's own row, as a delete of that group or user locks
        // its row before its cascade reaches the assignment: parent then child, whichever writer comes first. Both come
        // before the company's enrolment lock the delete's trigger takes (migration 0020).
        if (assignment.groupId) await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, assignment.groupId)).for('key share');
        if (assignment.userId) await tx.select({ id: users.id }).from(users).where(eq(users.id, assignment.userId)).for('key share');
        // Gone meanwhile (removed by a concurrent request, or with its group or user): 404 like an unknown one.
        const removed = await tx.delete(planAssignments).where(named).returning({ id: planAssignments.id });
        if (!removed.length) throw assignmentNotFound();
        await recordAudits(tx, session, [
          {
            action: 'DELETE',
            entity: 'assignment',
            entityId: assignment.id,
            owner: { tenantId: plan.tenantId, companyId: plan.companyId },
            details: { changed: [], trainingPlanId: plan.id },
          },
        ]);
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/enrolments',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary:
          "List a plan's enrolments (one per learner its assignments reach): one page, sorted, searched by learner, filtered by status",
        tags,
        params: PlanParams,
        querystring: listQuery('Enrolment', Object.keys(enrolmentSorts), enrolmentFilters),
        response: { 200: listResponse('Enrolment', Enrolment), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { db, session } = request;
      const plan = await planInReach(db, session, request.params.id);
      const query = request.query as ListParams & { status?: EnrolmentStatus };
      const list = (params: ListParams) =>
        listPage(db, enrolmentSource(session, plan.companyId), params, enrolmentFilter(session, plan.id, query), exactCountLimit);
      // Every learner of the plan (no search, no status): the total is the kept count (migration 0024), not a count.
      if (query.withTotal && !query.search?.trim() && !query.status) {
        const [page, total] = await Promise.all([list({ ...query, withTotal: false }), enrolledIn(db, session, plan.id)]);
        return { items: page.items.map(enrolmentRecord), total, totalIsEstimate: false };
      }
      const page = await list(query);
      return { ...page, items: page.items.map(enrolmentRecord) };
    },
  );

  app.get(
    '/:id/enrolments/export',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: "Export a plan's learners as CSV: every page of the learners list with its search, sort and status filter, streamed",
        tags,
        produces: ['text/csv'],
        params: PlanParams,
        querystring: exportQuery('Enrolment', Object.keys(enrolmentSorts), enrolmentFilters),
        response: {
          200: Type.String({ description: 'CSV (UTF-8 with BOM), a header row in the language asked' }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { db, session } = request;
      const plan = await planInReach(db, session, request.params.id);
      const { lang, ...rest } = request.query as { lang?: string } & Partial<ListParams> & { status?: EnrolmentStatus };
      const query = { sortOrder: 'asc' as const, ...rest };
      const language = exportLanguage(lang, request.language([...exportLanguages]));
      const source = enrolmentSource(session, plan.companyId);
      const filter = enrolmentFilter(session, plan.id, query);
      const list = (page: number, pageSize: number, withTotal: boolean) =>
        listPage(db, source, { ...query, page, pageSize, withTotal }, filter, exactCountLimit);
      // Bulk work (`http/bulk-work.ts`): one export in flight per session, its rows counted (the list's own count).
      const end = await app.bulkWork.begin(request, reply, 'export', async () => (await list(1, 1, true)).total ?? 0);
      const readBatch = async (page: number) =>
        (await list(page, EXPORT_BATCH_SIZE, false)).items.map(enrolmentRecord) as Record<string, unknown>[];
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="learners-${day}.csv"`)
          .header('cache-control', 'no-store')
          // A stream of the CSV the schema describes as a string (its type is the document's, not the body's).
          .send(csvExport(enrolmentExportColumns, language, readBatch, end) as unknown as string)
      );
    },
  );

  app.get(
    '/:id/enrolments/summary',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: "Count a plan's enrolments by status (the enrolments list's rule) and its completions per day (UTC)",
        tags,
        params: PlanParams,
        response: { 200: EnrolmentSummary, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { db, session } = request;
      const plan = await planInReach(db, session, request.params.id);
      // The counts kept per plan (migration 0024), judged by the status filter's rule at the same minute, so that the
      // counts and a filtered list agree; a few rows a plan, whatever its number of learners.
      const asOf = minuteNow();
      const [[counts], days] = await Promise.all([
        db
          .select({
            enrolled: keptCount(),
            notStarted: keptCount({ asOf, is: 'NOT_STARTED' }),
            inProgress: keptCount({ asOf, is: 'IN_PROGRESS' }),
            completed: keptCount({ asOf, is: 'COMPLETED' }),
            overdue: keptCount({ asOf, is: 'OVERDUE' }),
          })
          .from(enrolmentCounts)
          .where(and(reachOf(session, owners.enrolmentCounts), eq(enrolmentCounts.trainingPlanId, plan.id))),
        db
          .select({ day: enrolmentCompletionDays.day, completed: enrolmentCompletionDays.completions })
          .from(enrolmentCompletionDays)
          .where(
            and(
              reachOf(session, owners.enrolmentCompletionDays),
              eq(enrolmentCompletionDays.trainingPlanId, plan.id),
              sql`${enrolmentCompletionDays.completions} > 0`,
            ),
          )
          .orderBy(enrolmentCompletionDays.day),
      ]);
      const { enrolled = 0, notStarted = 0, inProgress = 0, completed = 0, overdue = 0 } = counts ?? {};
      return {
        enrolled,
        notStarted,
        inProgress,
        completed,
        overdue,
        completionRate: enrolled ? completed / enrolled : 0,
        completionsByDay: days,
      };
    },
  );
};
