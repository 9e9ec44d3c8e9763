import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { listResponse } from '../../../contract/common.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { SavedView, SavedViewBody, SavedViewParams, SavedViewsQuery, SavedViewUpdateBody } from '../../../contract/saved-views.schemas';
import { savedViewQuery, savedViewsPerList } from '../../../contract/saved-view-rules';
import type { AuthSession } from '../../auth/auth-session';
import { reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { constraintViolation } from '../../db/constraint-violation';
import { savedViews } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';

const viewOwner = { tenant: savedViews.tenantId, company: savedViews.companyId };
const nameKey = 'saved_views_owner_list_name_key';

/**
 * The caller's own views: the person acting (a GLOBAL admin who assumed a tenant is that admin) in the tenant and
 * company they act in, so that views saved while a tenant was assumed stay with that tenant. `reachOf` adds the
 * tenancy every owned table carries; on PostgreSQL the table's policy holds it again.
 */
function ownViews(session: AuthSession): SQL {
  const { tenantId, companyId } = session.user;
  return and(
    eq(savedViews.userId, session.realUserId),
    tenantId === null ? isNull(savedViews.tenantId) : eq(savedViews.tenantId, tenantId),
    companyId === null ? isNull(savedViews.companyId) : eq(savedViews.companyId, companyId),
    reachOf(session, viewOwner),
  )!;
}

const toView = (row: typeof savedViews.$inferSelect) => ({
  id: row.id,
  list: row.list,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const nameTaken = (name: string) =>
  conflict(`A view named "${name}" already exists for this list: choose another name`, 'SAVED_VIEW_NAME_TAKEN', {
    errors: [{ field: 'name', rule: 'unique', message: 'is already the name of another view of this list' }],
    params: { name },
  });

/** One writer at a time per user, tenant and list: the count of views and the names are checked and written under it. */
async function lockList(tx: Database, session: AuthSession, list: string) {
  const key = `saved-views|${session.realUserId}|${session.user.tenantId ?? ''}|${list}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const sameName = (name: string) => sql`lower(${savedViews.name}) = lower(${name})`;

/** A duplicate that slipped past the check (another list path's lock) is still the same clear 409. */
async function unlessNameTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (constraintViolation(error)?.constraint === nameKey) throw nameTaken(name);
    throw error;
  }
}

/**
 * Saved views (issue 29): `GET /saved-views?list=`, `POST /saved-views`, `PUT` and `DELETE /saved-views/:id`. Every
 * signed-in user has their own, private: another user's view is not found (404). Not audited: like the console's
 * language and the import's remembered mapping, a view is the user's own preference, which changes no record.
 */
export const savedViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['saved-views'];

  app.get(
    '',
    {
      schema: {
        summary: "The caller's saved views of a list (or of every list), by name",
        tags,
        querystring: SavedViewsQuery,
        response: { 200: listResponse('SavedView', SavedView), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const rows = await request.db
        .select()
        .from(savedViews)
        .where(and(ownViews(request.session), request.query.list === undefined ? undefined : eq(savedViews.list, request.query.list)))
        .orderBy(asc(savedViews.list), sql`lower(${savedViews.name})`, asc(savedViews.id));
      return { items: rows.map(toView), total: rows.length, totalIsEstimate: false };
    },
  );

  app.post(
    '',
    {
      config: { idempotent: true },
      schema: {
        summary: `Save a list's address under a name (unique per list whatever its case; at most ${savedViewsPerList} views per list)`,
        description:
          'The name is trimmed (1 to 100 characters). The query is kept without its page. 409 SAVED_VIEW_NAME_TAKEN when the ' +
          'list has a view of that name, 409 SAVED_VIEW_LIMIT when it has ' +
          `${savedViewsPerList} views already.`,
        tags,
        body: SavedViewBody,
        response: { 201: SavedView, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      const { list } = request.body;
      const name = request.body.name.trim();
      const query = savedViewQuery(request.body.query);
      const view = await unlessNameTaken(name, () =>
        request.db.transaction(async (tx) => {
          await lockList(tx, session, list);
          const mine = and(ownViews(session), eq(savedViews.list, list));
          const [held] = await tx.select({ views: count() }).from(savedViews).where(mine);
          if ((held?.views ?? 0) >= savedViewsPerList)
            throw conflict(`This list has ${savedViewsPerList} saved views already: delete one to save another`, 'SAVED_VIEW_LIMIT', {
              params: { limit: savedViewsPerList },
            });
          const [taken] = await tx
            .select({ id: savedViews.id })
            .from(savedViews)
            .where(and(mine, sameName(name)));
          if (taken) throw nameTaken(name);
          const { tenantId, companyId } = session.user;
          const [row] = await tx
            .insert(savedViews)
            .values({ userId: session.realUserId, tenantId, companyId, list, name, query })
            .returning();
          return toView(row!);
        }),
      );
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        summary: "Rename one of the caller's views, or replace its address",
        tags,
        params: SavedViewParams,
        body: SavedViewUpdateBody,
        response: { 200: SavedView, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { session } = request;
      const name = request.body.name?.trim();
      const query = request.body.query === undefined ? undefined : savedViewQuery(request.body.query);
      return unlessNameTaken(name ?? '', () =>
        request.db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(savedViews)
            .where(and(ownViews(session), eq(savedViews.id, request.params.id)));
          if (!current) throw notFound('Saved view not found', 'SAVED_VIEW_NOT_FOUND');
          if (name !== undefined) {
            await lockList(tx, session, current.list);
            const [taken] = await tx
              .select({ id: savedViews.id })
              .from(savedViews)
              .where(and(ownViews(session), eq(savedViews.list, current.list), sameName(name), sql`${savedViews.id} <> ${current.id}`));
            if (taken) throw nameTaken(name);
          }
          const [row] = await tx
            .update(savedViews)
            .set({ ...(name !== undefined && { name }), ...(query !== undefined && { query }), updatedAt: sql`now()` })
            .where(eq(savedViews.id, current.id))
            .returning();
          return toView(row!);
        }),
      );
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: "Delete one of the caller's views",
        tags,
        params: SavedViewParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const [deleted] = await request.db
        .delete(savedViews)
        .where(and(ownViews(request.session), eq(savedViews.id, request.params.id)))
        .returning({ id: savedViews.id });
      if (!deleted) throw notFound('Saved view not found', 'SAVED_VIEW_NOT_FOUND');
      return reply.code(204).send(null);
    },
  );
};
