import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { IdParams, listQuery, listResponse } from '../../../contract/common.schemas';
import { enrolmentFilters, UserEnrolment } from '../../../contract/delivery.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import type { EnrolmentStatus } from '../../../contract/values';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { qualified } from '../../db/qualified';
import { enrolments, trainingPlans, users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { enrolmentStatusAt, enrolmentStatusNow, minuteNow } from '../../store/enrolment-status';
import { listPage, type ListParams, type ListSource } from '../../store/list-page';
import { allow } from '../resource/resource.routes';
import { usersResource } from './users.resource';

const userEnrolmentRows = (db: Database) =>
  db
    .select({
      id: enrolments.id,
      createdAt: enrolments.createdAt,
      trainingPlanId: enrolments.trainingPlanId,
      planName: trainingPlans.name,
      userId: enrolments.userId,
      status: enrolmentStatusNow(),
      dueDate: enrolments.dueDate,
      startedAt: enrolments.startedAt,
      completedAt: enrolments.completedAt,
      progress: enrolments.progress,
      lastActivityAt: enrolments.lastActivityAt,
    })
    .from(enrolments)
    .innerJoin(trainingPlans, eq(trainingPlans.id, enrolments.trainingPlanId))
    .$dynamic();

type UserEnrolmentRow = Awaited<ReturnType<ReturnType<typeof userEnrolmentRows>['execute']>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;
const userEnrolmentRecord = ({ createdAt, dueDate, startedAt, completedAt, lastActivityAt, ...row }: UserEnrolmentRow) => ({
  ...row,
  enrolledAt: createdAt.toISOString(),
  dueDate: iso(dueDate),
  startedAt: iso(startedAt),
  completedAt: iso(completedAt),
  lastActivityAt: iso(lastActivityAt),
});

const userEnrolmentSorts: Record<string, AnyPgColumn> = {
  enrolledAt: enrolments.createdAt,
  dueDate: enrolments.dueDate,
  progress: enrolments.progress,
  lastActivityAt: enrolments.lastActivityAt,
};

/** A learner's enrolments; a search matches the plan's name (a learner has a few: the plans are joined). */
const userEnrolmentSource: ListSource<UserEnrolmentRow> = {
  table: enrolments,
  id: enrolments.id,
  createdAt: enrolments.createdAt,
  rows: userEnrolmentRows as ListSource<UserEnrolmentRow>['rows'],
  sorts: userEnrolmentSorts,
  search: (pattern, _db, bind) => [
    sql`${qualified(enrolments.trainingPlanId)} in (select ${qualified(trainingPlans.id)} from ${trainingPlans}
      where ${qualified(trainingPlans.name)} ilike ${bind('searchPlan', pattern)})`,
  ],
};

/** The user inside the caller's reach, else 404 (as the user's record answers). */
async function userInReach(db: Database, session: AuthSession, id: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), reachOf(session, owners.users)));
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  return user;
}

/**
 * A learner's plans on the user's page (issue 27): `GET /users/:id/enrolments`, the list conventions (page, sort,
 * search by plan name, `status` filter by the one status rule). Any admin who reaches the user reads them; a user out
 * of reach is 404, like its record.
 */
export const userEnrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { exactCountLimit } = app.listSettings;

  app.get(
    '/:id/enrolments',
    {
      onRequest: allow(usersResource.access.read),
      schema: {
        summary: "List a learner's enrolments (the plans assigned to the user): one page, sorted, searched by plan, filtered by status",
        tags: ['users'],
        params: IdParams,
        querystring: listQuery('UserEnrolment', Object.keys(userEnrolmentSorts), enrolmentFilters),
        response: { 200: listResponse('UserEnrolment', UserEnrolment), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { db, session } = request;
      const user = await userInReach(db, session, request.params.id);
      const query = request.query as ListParams & { status?: EnrolmentStatus };
      const page = await listPage(
        db,
        userEnrolmentSource,
        query,
        (bind) =>
          and(
            reachOf(session, owners.enrolments, bind),
            eq(enrolments.userId, bind('userId', user.id)),
            query.status ? sql`${enrolmentStatusAt(bind('asOf', minuteNow()))} = ${bind('status', query.status)}` : undefined,
          ),
        exactCountLimit,
      );
      return { ...page, items: page.items.map(userEnrolmentRecord) };
    },
  );
};
