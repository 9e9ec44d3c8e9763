import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { AuthSession } from '../../auth/auth-session';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import type { AuditAction } from '../../db/schema/enums';
import { conflict, invalidField, notFound } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import type { RowQuery } from '../../store/list-page';
import { allow } from '../resource/resource.routes';
import { emptyTextAsNull } from '../../store/resource-store';
import { bodySchemas, listQuery, listResponse, Uuid } from '../../../contract/common.schemas';

export type ChildTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  position: AnyPgColumn;
  createdAt: AnyPgColumn;
};
export type TouchedTable = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

/** Where ordered children hang, found inside the caller's reach. */
export interface ChildParent {
  /** The row the children belong to: the plan for modules, the module for items. */
  id: string;
  /** The plan above them, whose tenancy every statement goes through. */
  plan: { id: string; tenantId: string; companyId: string; status: 'DRAFT' | 'PUBLISHED' };
  /** Rows whose `updatedAt` a change of the children bumps (never their `version`, so open forms stay valid). */
  touches: { table: TouchedTable; id: string }[];
}

export interface ChildWriteContext<Table extends ChildTable, Body> {
  db: Database;
  session: AuthSession;
  parent: ChildParent;
  /** The request body, "" turned into null, without `version`. */
  body: Body;
  existing?: Table['$inferSelect'];
}

/**
 * Rows kept in an order under a parent of a training plan (modules of a plan, items of a module), served as
 * `GET/POST {prefix}`, `PUT {prefix}/order`, `GET/PUT/DELETE {prefix}/:{idParam}`. COMPANY scope only.
 */
export interface OrderedChildren<
  Table extends ChildTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  ParentParams extends TProperties,
> {
  /** Audit entity, subject of messages ("Module not found") and OpenAPI tag. */
  entity: string;
  /** What the parent is called in messages ("plan", "module"). */
  parentNoun: string;
  table: Table;
  parentColumn: AnyPgColumn;
  schemas: { title: string; record: RecordSchema; body: Body; parentParams: ParentParams };
  idParam: string;
  /** The field of the reorder body listing the ids. */
  orderField: string;
  /** The parent inside the caller's reach, else 404. `lock`: takes the plan's row FOR UPDATE first. */
  parent(db: Database, session: AuthSession, params: Static<TObject<ParentParams>>, lock: boolean): Promise<ChildParent>;
  rows(db: Database): RowQuery<Row>;
  toRecord(row: Row): Static<RecordSchema>;
  /** Column values of an insert (the parent column included) or update; throws 400 field errors. */
  values(context: ChildWriteContext<Table, Static<TObject<Body>>>): Promise<Record<string, unknown>>;
}

type StoredChild = Record<string, unknown> & { id: string; version: number; position: number };

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
const staleVersion = () =>
  conflict('The record was changed by someone else; reload it', [{ field: 'version', message: 'changed by someone else' }]);

/**
 * Reads and audited writes of ordered children. Every write runs in one transaction that first locks the plan's row
 * (`parent(…, lock = true)`), so appends, deletes and reorders of the same plan never interleave: positions stay
 * 0, 1, 2… without gaps or duplicates. Children are looked up under their parent only, so an id under another
 * parent is 404 like an unknown one.
 */
export function orderedChildrenStore<
  Table extends ChildTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  ParentParams extends TProperties,
>(config: OrderedChildren<Table, Row, RecordSchema, Body, ParentParams>) {
  type Params = Static<TObject<ParentParams>>;
  type ChildRecord = Static<RecordSchema>;
  type Write = Static<TObject<Body>>;
  const table = config.table as ChildTable;
  const notFoundError = () => notFound(`${capitalised(config.entity)} not found`);
  const underParent = (parent: ChildParent) => eq(config.parentColumn, parent.id);
  const child = (parent: ChildParent, id: string) => and(underParent(parent), eq(table.id, id));

  async function readRecords(db: Database, parent: ChildParent): Promise<ChildRecord[]> {
    const rows = await config.rows(db).where(underParent(parent)).orderBy(asc(table.position), asc(table.id));
    return rows.map(config.toRecord);
  }

  async function readRecord(db: Database, parent: ChildParent, id: string): Promise<ChildRecord> {
    const [row] = await config.rows(db).where(child(parent, id)).limit(1);
    if (row === undefined) throw notFoundError();
    return config.toRecord(row);
  }

  async function storedChild(db: Database, parent: ChildParent, id: string) {
    const [row] = (await db.select().from(table).where(child(parent, id)).for('update')) as StoredChild[];
    if (!row) throw notFoundError();
    return row;
  }

  async function touch(db: Database, parent: ChildParent) {
    for (const { table: touched, id } of parent.touches) {
      await db
        .update(touched)
        .set({ updatedAt: sql`now()` } as never)
        .where(eq(touched.id, id));
    }
  }

  async function audit(
    db: Database,
    session: AuthSession,
    parent: ChildParent,
    action: AuditAction,
    id: string,
    changed: string[],
  ) {
    await recordAudit(db, session, {
      action,
      entity: config.entity,
      entityId: id,
      owner: { tenantId: parent.plan.tenantId, companyId: parent.plan.companyId },
      details: { changed, parentId: parent.id, trainingPlanId: parent.plan.id },
    });
  }

  const changedFields = (values: Record<string, unknown>, existing?: StoredChild) =>
    Object.entries(values)
      .filter(([key, value]) => value !== undefined && (existing ? value !== existing[key] : value !== null))
      .map(([key]) => key);

  return {
    async list(db: Database, session: AuthSession, params: Params) {
      const items = await readRecords(db, await config.parent(db, session, params, false));
      return { items, total: items.length, totalIsEstimate: false };
    },

    async find(db: Database, session: AuthSession, params: Params, id: string) {
      return readRecord(db, await config.parent(db, session, params, false), id);
    },

    /** Appends the child last. */
    async create(db: Database, session: AuthSession, params: Params, body: Write) {
      return db.transaction(async (tx) => {
        const parent = await config.parent(tx, session, params, true);
        const values = await config.values({ db: tx, session, parent, body: emptyTextAsNull(body) });
        const [last] = await tx
          .select({ position: max(table.position) })
          .from(table)
          .where(underParent(parent));
        const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        const [row] = (await tx
          .insert(table)
          .values({ ...values, position } as Table['$inferInsert'])
          .returning()) as StoredChild[];
        await touch(tx, parent);
        await audit(tx, session, parent, 'CREATE', row!.id, [...changedFields(values), 'order']);
        return readRecord(tx, parent, row!.id);
      });
    },

    async update(db: Database, session: AuthSession, params: Params, id: string, { version, ...sent }: Write & { version: number }) {
      return db.transaction(async (tx) => {
        const parent = await config.parent(tx, session, params, true);
        const existing = await storedChild(tx, parent, id);
        if (existing.version !== version) throw staleVersion();
        const body = emptyTextAsNull(sent as Write);
        const values = await config.values({ db: tx, session, parent, body, existing: existing as Table['$inferSelect'] });
        await tx
          .update(table)
          .set({ ...values, version: sql`${table.version} + 1` } as never)
          .where(child(parent, id));
        await touch(tx, parent);
        await audit(tx, session, parent, 'UPDATE', id, changedFields(values, existing));
        return readRecord(tx, parent, id);
      });
    },

    /** Deletes the child (only while the plan is a DRAFT) and moves the ones after it up. */
    async remove(db: Database, session: AuthSession, params: Params, id: string) {
      await db.transaction(async (tx) => {
        const parent = await config.parent(tx, session, params, true);
        const existing = await storedChild(tx, parent, id);
        if (parent.plan.status !== 'DRAFT') throw conflict(`Set the plan back to Draft before deleting its ${config.entity}s`);
        await tx.delete(table).where(child(parent, id));
        await tx
          .update(table)
          .set({ position: sql`${table.position} - 1` } as never)
          .where(and(underParent(parent), gt(table.position, existing.position)));
        await touch(tx, parent);
        await audit(tx, session, parent, 'DELETE', id, []);
      });
    },

    /** Puts the parent's children in the order of `ids`, which must name each of them exactly once. */
    async reorder(db: Database, session: AuthSession, params: Params, ids: string[]) {
      return db.transaction(async (tx) => {
        const parent = await config.parent(tx, session, params, true);
        const current = (await tx
          .select({ id: table.id, position: table.position })
          .from(table)
          .where(underParent(parent))) as { id: string; position: number }[];
        const positionOf = new Map(current.map((row) => [row.id, row.position]));
        const wrong = (message: string) => invalidField(config.orderField, message);
        if (new Set(ids).size !== ids.length) throw wrong(`lists a ${config.entity} more than once`);
        if (ids.some((id) => !positionOf.has(id))) throw wrong(`names a ${config.entity} that is not in this ${config.parentNoun}`);
        if (ids.length !== current.length) throw wrong(`must list every ${config.entity} of the ${config.parentNoun}`);

        const moved = ids.flatMap((id, position) => (positionOf.get(id) === position ? [] : [{ id, position }]));
        for (const { id, position } of moved) {
          await tx
            .update(table)
            .set({ position } as never)
            .where(child(parent, id));
          await audit(tx, session, parent, 'UPDATE', id, ['order']);
        }
        if (moved.length) await touch(tx, parent);
        const items = await readRecords(tx, parent);
        return { items, total: items.length, totalIsEstimate: false };
      });
    },
  };
}

/** The routes of ordered children; the COMPANY scope check runs first, before the input is validated. */
export function orderedChildrenRoutes<
  Table extends ChildTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  ParentParams extends TProperties,
>(config: OrderedChildren<Table, Row, RecordSchema, Body, ParentParams>): FastifyPluginAsync {
  type Params = Static<TObject<ParentParams>>;
  type Write = Static<TObject<Body>>;
  interface ChildRequest {
    Params: Record<string, string>;
  }
  return async (app) => {
    const store = orderedChildrenStore(config);
    const { title, record, body, parentParams } = config.schemas;
    const onRequest = allow(['COMPANY']);
    const tags = [`${config.entity}s`];
    const bodies = bodySchemas(title, body);
    const ParentParamsSchema = Type.Object(parentParams, { additionalProperties: false });
    const ChildParams = Type.Object({ ...parentParams, [config.idParam]: Uuid }, { additionalProperties: false });
    const OrderBody = Type.Object(
      { [config.orderField]: Type.Array(Uuid, { maxItems: 1000, description: `Every ${config.entity} id, in the new order` }) },
      { additionalProperties: false, title: `${title}OrderBody` },
    );
    const List = listResponse(title, record);
    const parentOf = (params: Record<string, string>) => params as Params;
    const idOf = (params: Record<string, string>) => params[config.idParam]!;

    app.get<ChildRequest>(
      '',
      {
        onRequest,
        schema: {
          summary: `List the ${config.entity}s of a ${config.parentNoun}, all of them, in order (paging and sorting are accepted and ignored)`,
          tags,
          params: ParentParamsSchema,
          querystring: listQuery(title, ['order'], {}),
          response: { 200: List, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => store.list(app.db, request.session, parentOf(request.params)),
    );

    app.put<ChildRequest>(
      '/order',
      {
        onRequest,
        schema: {
          summary: `Reorder the ${config.entity}s of a ${config.parentNoun}; answers the list`,
          tags,
          params: ParentParamsSchema,
          body: OrderBody,
          response: { 200: List, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        store.reorder(
          app.db,
          request.session,
          parentOf(request.params),
          (request.body as Record<string, string[]>)[config.orderField]!,
        ),
    );

    app.get<ChildRequest>(
      `/:${config.idParam}`,
      {
        onRequest,
        schema: {
          summary: `Read one ${config.entity}`,
          tags,
          params: ChildParams,
          response: { 200: record, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => store.find(app.db, request.session, parentOf(request.params), idOf(request.params)),
    );

    app.post<ChildRequest>(
      '',
      {
        onRequest,
        config: { idempotent: true },
        schema: {
          summary: `Create a ${config.entity}, last in its ${config.parentNoun}`,
          tags,
          params: ParentParamsSchema,
          body: bodies.create,
          response: { 201: record, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await store.create(app.db, request.session, parentOf(request.params), request.body as Write)),
    );

    app.put<ChildRequest>(
      `/:${config.idParam}`,
      {
        onRequest,
        schema: {
          summary: `Update a ${config.entity} (optimistic: the body carries the version it was read at)`,
          tags,
          params: ChildParams,
          body: bodies.update,
          response: { 200: record, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        store.update(
          app.db,
          request.session,
          parentOf(request.params),
          idOf(request.params),
          request.body as Write & { version: number },
        ),
    );

    app.delete<ChildRequest>(
      `/:${config.idParam}`,
      {
        onRequest,
        schema: {
          summary: `Delete a ${config.entity} of a DRAFT plan; the ones after it move up`,
          tags,
          params: ChildParams,
          response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await store.remove(app.db, request.session, parentOf(request.params), idOf(request.params));
        return reply.code(204).send(null);
      },
    );
  };
}

export const defineOrderedChildren = <
  Table extends ChildTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  ParentParams extends TProperties,
>(
  config: OrderedChildren<Table, Row, RecordSchema, Body, ParentParams>,
) => config;
