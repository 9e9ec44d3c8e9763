import { and, asc, eq, getTableColumns, getTableName, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Static, TObject, TProperties, TSchema } from 'typebox';
import type { AuthSession } from '../auth/auth-session';
import { reachOf, type Owner } from '../auth/tenancy';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { constraintViolation } from '../db/constraint-violation';
import type { AuditAction } from '../db/schema/enums';
import { ApiError, conflict, invalidField, notFound } from '../http/api-error';
import { listOrder, listPage, type ListParams, type ListSource } from './list-page';
import { bindings, preparedOnce, statementName, type Bind } from '../db/prepared';
import type { OrderedResource, OrderedTable, Parent, Resource, ResourceTable, StoreServices } from './resource';

type StoredRow = Record<string, unknown> & { id: string; version: number };

/** Thrown inside an update's transaction to roll it back: the save changed nothing. */
const nothingChanged = new Error('nothing changed');

/** Record reads, built once per database and shape. */
const statements = preparedOnce();

const staleVersion = () =>
  conflict('The record was changed by someone else; reload it', 'STALE_VERSION', {
    errors: [{ field: 'version', rule: 'stale', message: 'changed by someone else' }],
  });

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** What every store shares: messages, the audit row of a write, the fields it changed, constraint violations as 409. */
function storeCore(
  resource: Pick<Resource<ResourceTable, unknown, TSchema, TProperties, TProperties>, 'entity' | 'auditNames' | 'uniqueFields' | 'inUse'>,
) {
  return {
    notFoundError: () =>
      notFound(`${capitalised(resource.entity)} not found`, `${resource.entity.toUpperCase().replaceAll(' ', '_')}_NOT_FOUND`),

    async audit(db: Database, session: AuthSession, action: AuditAction, id: string, owner: Owner, details: Record<string, unknown>) {
      await recordAudit(db, session, { action, entity: resource.entity, entityId: id, owner, details });
    },

    changedFields: (values: object, existing?: StoredRow) =>
      Object.entries(values)
        .filter(([key, value]) => value !== undefined && (existing ? value !== existing[key] : value !== null))
        .map(([key]) => resource.auditNames?.[key] ?? key),

    async answeringConflicts<T>(write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        const violation = constraintViolation(error);
        const uniqueField = violation?.kind === 'unique' ? resource.uniqueFields?.[violation.constraint] : undefined;
        if (uniqueField) throw conflict(`${uniqueField.field} ${uniqueField.message}`, 'ALREADY_IN_USE', { errors: [uniqueField] });
        if (violation?.kind === 'foreignKey' && resource.inUse) throw conflict(resource.inUse.message, resource.inUse.code);
        throw error;
      }
    },
  };
}

/**
 * Every read and write of a resource, always inside the caller's reach: each statement ANDs the tenancy
 * condition of the session, so a record outside it is not found, never listed, never changed.
 * Every write runs in one transaction with its audit row.
 */
export function resourceStore<
  Table extends ResourceTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Filters extends TProperties,
>(resource: Resource<Table, Row, RecordSchema, Body, Filters>, exactCountLimit: number, services: StoreServices) {
  type ResourceRecord = Static<RecordSchema>;
  type Write = Static<TObject<Body>>;
  const { table } = resource;
  const core = storeCore(resource);
  const listSource: ListSource<Row> = { ...resource, rows: resource.listRows ?? resource.rows, id: table.id, createdAt: table.createdAt };
  const columnKey = columnKeys(table);

  const inReach = (session: AuthSession, id: string) => and(eq(table.id, id), reachOf(session, resource.owner));

  async function storedRow(db: Database, session: AuthSession, id: string, forUpdate = false) {
    const query = db
      .select()
      .from(table as ResourceTable)
      .where(inReach(session, id));
    const [row] = (await (forUpdate ? query.for('update') : query)) as StoredRow[];
    if (!row) throw core.notFoundError();
    return row;
  }

  /** Built once per database and reach (none, a tenant's, a company's), run with the caller's ids. */
  async function readRecord(db: Database, session: AuthSession, id: string): Promise<ResourceRecord> {
    const bound = bindings();
    const reach = reachOf(session, resource.owner, bound.bind);
    const prepared = statements(db, `find:${getTableName(table)}:${bound.names()}`, () => {
      const query = resource
        .rows(db)
        .where(and(eq(table.id, sql.placeholder('id')), reach))
        .limit(1);
      return query.prepare(statementName('find', query));
    });
    const [row] = await prepared.execute({ ...bound.values, id });
    if (row === undefined) throw core.notFoundError();
    return resource.toRecord(row);
  }

  const ownerOf = (row: StoredRow): Owner => {
    const ownerId = (column: AnyPgColumn | undefined) => (column ? (row[columnKey(column)] as string | null) : null);
    return { tenantId: ownerId(resource.owner.tenant), companyId: ownerId(resource.owner.company) };
  };

  const audit = (db: Database, session: AuthSession, action: AuditAction, row: StoredRow, changed: string[]) =>
    core.audit(db, session, action, row.id, ownerOf(row), { changed });

  const valuesOf = (db: Database, session: AuthSession, body: Write, existing?: StoredRow) =>
    resource.values({ db, session, services, body, existing: existing as Table['$inferSelect'], parent: undefined });

  const relatedWrites = async (db: Database, session: AuthSession, body: Write, row: StoredRow, existing?: StoredRow) =>
    (await resource.afterWrite?.({
      db,
      session,
      services,
      body,
      row: row as Table['$inferSelect'],
      existing: existing as Table['$inferSelect'] | undefined,
      parent: undefined,
    })) ?? [];

  return {
    list(db: Database, session: AuthSession, query: ListParams & Static<TObject<Filters>>) {
      const filter = (bind: Bind): SQL | undefined => and(reachOf(session, resource.owner, bind), resource.filter?.(session, query, bind));
      const { scope, tenantId, companyId } = session.user;
      return listPage(db, listSource, query, filter, exactCountLimit, JSON.stringify([scope, tenantId, companyId]));
    },

    /**
     * The rows of `ids` inside the caller's reach, the others left out (another company's, or gone), in the list's
     * order: `limit` of them from `offset` (an export of selected rows, issue 29).
     */
    listByIds(
      db: Database,
      session: AuthSession,
      ids: readonly string[],
      order: Pick<ListParams, 'sortBy' | 'sortOrder'>,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<Row[]> {
      return Promise.resolve(
        listSource
          .rows(db)
          .where(and(inArray(table.id, [...ids]), reachOf(session, resource.owner)))
          .orderBy(...listOrder(listSource, order).sql)
          .limit(limit)
          .offset(offset),
      );
    },

    find: readRecord,

    async create(db: Database, session: AuthSession, sent: Write): Promise<ResourceRecord> {
      const body = emptyTextAsNull(sent);
      const values = await valuesOf(db, session, body);
      return core.answeringConflicts(() =>
        db.transaction(async (tx) => {
          const [row] = (await tx.insert(table).values(values).returning()) as StoredRow[];
          const related = await relatedWrites(tx, session, body, row!);
          await audit(tx, session, 'CREATE', row!, [...core.changedFields(values), ...related]);
          return readRecord(tx, session, row!.id);
        }),
      );
    },

    async update(db: Database, session: AuthSession, id: string, { version, ...sent }: Write & { version: number }) {
      const existing = await storedRow(db, session, id);
      if (existing.version !== version) throw staleVersion();
      const body = emptyTextAsNull(sent as Write);
      const values = await valuesOf(db, session, body, existing);
      try {
        return await core.answeringConflicts(() =>
          db.transaction(async (tx) => {
            const [row] = (await tx
              .update(table as ResourceTable)
              .set({ ...values, version: sql`${table.version} + 1` })
              .where(and(inReach(session, id), eq(table.version, version)))
              .returning()) as StoredRow[];
            if (!row) throw staleVersion();
            const related = await relatedWrites(tx, session, body, row, existing);
            const changed = [...core.changedFields(values, existing), ...related];
            // A save that changes nothing writes nothing: no new version, no history entry.
            if (changed.length === 0) throw nothingChanged;
            await audit(tx, session, 'UPDATE', row, changed);
            return readRecord(tx, session, id);
          }),
        );
      } catch (error) {
        if (error !== nothingChanged) throw error;
        return readRecord(db, session, id);
      }
    },

    /**
     * A bulk action on `ids` (issue 29), in one transaction, each row in a savepoint of its own: a row outside the
     * caller's reach is skipped as not found (nothing is written to it), a row a rule refuses (409, 400, as the one-row
     * route would answer) is skipped with that reason, and the others are changed and audited one by one.
     */
    async bulk(db: Database, session: AuthSession, action: 'delete' | 'enable' | 'disable', ids: readonly string[]) {
      const update = action === 'delete' ? undefined : resource.bulk?.updates?.[action];
      const skipped: { id: string; code: string; message: string }[] = [];
      let succeeded = 0;
      await db.transaction(async (tx) => {
        // Every row named is locked first, in one order (by id), before any is changed: a delete's cascades take
        // locks (migration 0020's enrolment lock among them) that another request waits behind while it holds a
        // row further down the list, which a row-by-row lock would then wait for in a circle.
        await tx
          .select({ id: table.id })
          .from(table as ResourceTable)
          .where(and(inArray(table.id, [...ids]), reachOf(session, resource.owner)))
          .orderBy(asc(table.id))
          .for('update');
        for (const id of ids) {
          try {
            await core.answeringConflicts(() =>
              tx.transaction(async (row) => {
                const existing = await storedRow(row, session, id, true);
                const context = { db: row, session, existing: existing as Table['$inferSelect'], parent: undefined };
                if (update) {
                  const changed = await update(context);
                  if (changed.length === 0) throw conflict(`The ${resource.entity} already is as asked`, 'UNCHANGED');
                  await audit(row, session, 'UPDATE', existing, changed);
                } else {
                  await resource.beforeDelete?.(context);
                  await row.delete(table).where(inReach(session, id));
                  await audit(row, session, 'DELETE', existing, []);
                }
              }),
            );
            succeeded += 1;
          } catch (error) {
            if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
            skipped.push({ id, code: error.code, message: error.message });
          }
        }
      });
      return { action, requested: ids.length, succeeded, skipped };
    },

    async remove(db: Database, session: AuthSession, id: string) {
      await core.answeringConflicts(() =>
        db.transaction(async (tx) => {
          const existing = await storedRow(tx, session, id, true);
          await resource.beforeDelete?.({ db: tx, session, existing: existing as Table['$inferSelect'], parent: undefined });
          await tx.delete(table).where(inReach(session, id));
          await audit(tx, session, 'DELETE', existing, []);
        }),
      );
    },
  };
}

/**
 * Reads and audited writes of rows kept in order under a parent. Every write runs in one transaction that first
 * finds the parent with its lock, so appends, deletes and reorders under one parent never interleave. Rows are looked
 * up under their parent only, so an id under another parent is 404 like an unknown one.
 */
export function orderedResourceStore<
  Table extends OrderedTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Params extends TSchema,
  ParentOf extends Parent,
>(resource: OrderedResource<Table, Row, RecordSchema, Body, Params, ParentOf>, services: StoreServices) {
  type ParentParams = Static<Params>;
  type ChildRecord = Static<RecordSchema>;
  type Write = Static<TObject<Body>>;
  const table: OrderedTable = resource.table;
  const core = storeCore(resource);
  const underParent = (parent: ParentOf) => eq(resource.parentColumn, parent.id);
  const child = (parent: ParentOf, id: string) => and(underParent(parent), eq(table.id, id));

  async function readRecords(db: Database, parent: ParentOf): Promise<ChildRecord[]> {
    const rows = await resource.rows(db).where(underParent(parent)).orderBy(asc(table.position), asc(table.id));
    return rows.map(resource.toRecord);
  }

  async function readRecord(db: Database, parent: ParentOf, id: string): Promise<ChildRecord> {
    const [row] = await resource.rows(db).where(child(parent, id)).limit(1);
    if (row === undefined) throw core.notFoundError();
    return resource.toRecord(row);
  }

  async function storedChild(db: Database, parent: ParentOf, id: string) {
    const [row] = (await db.select().from(table).where(child(parent, id)).for('update')) as (StoredRow & { position: number })[];
    if (!row) throw core.notFoundError();
    return row;
  }

  const audit = (db: Database, session: AuthSession, parent: ParentOf, action: AuditAction, id: string, changed: string[]) =>
    core.audit(db, session, action, id, parent.owner, { changed, ...parent.auditDetails });

  /** A write of the parent's rows: in one transaction, after the parent is found and locked; `afterChange` follows it. */
  const write = <T>(db: Database, session: AuthSession, params: ParentParams, change: (tx: Database, parent: ParentOf) => Promise<T>) =>
    core.answeringConflicts(() =>
      db.transaction(async (tx) => {
        const parent = await resource.parent(tx, session, params, true);
        return change(tx, parent);
      }),
    );

  const changed = (tx: Database, parent: ParentOf) => resource.afterChange?.(tx, parent);

  return {
    async list(db: Database, session: AuthSession, params: ParentParams) {
      const items = await readRecords(db, await resource.parent(db, session, params, false));
      return { items, total: items.length, totalIsEstimate: false };
    },

    async find(db: Database, session: AuthSession, params: ParentParams, id: string) {
      return readRecord(db, await resource.parent(db, session, params, false), id);
    },

    /** Appends the row last. */
    create: (db: Database, session: AuthSession, params: ParentParams, sent: Write) =>
      write(db, session, params, async (tx, parent) => {
        const values = await resource.values({ db: tx, session, services, parent, body: emptyTextAsNull(sent) });
        const [last] = await tx
          .select({ position: max(table.position) })
          .from(table)
          .where(underParent(parent));
        const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        const [row] = (await tx
          .insert(table)
          .values({ ...values, position })
          .returning({ id: table.id })) as { id: string }[];
        await changed(tx, parent);
        await audit(tx, session, parent, 'CREATE', row!.id, [...core.changedFields(values), 'order']);
        return readRecord(tx, parent, row!.id);
      }),

    update: (db: Database, session: AuthSession, params: ParentParams, id: string, { version, ...sent }: Write & { version: number }) =>
      write(db, session, params, async (tx, parent) => {
        const existing = await storedChild(tx, parent, id);
        if (existing.version !== version) throw staleVersion();
        const body = emptyTextAsNull(sent as Write);
        const values = await resource.values({ db: tx, session, services, parent, body, existing: existing as Table['$inferSelect'] });
        const changedFields = core.changedFields(values, existing);
        // A save that changes nothing writes nothing: no new version, no history entry.
        if (changedFields.length === 0) return readRecord(tx, parent, id);
        await tx
          .update(table)
          .set({ ...values, version: sql`${table.version} + 1` })
          .where(child(parent, id));
        await changed(tx, parent);
        await audit(tx, session, parent, 'UPDATE', id, changedFields);
        return readRecord(tx, parent, id);
      }),

    /** Deletes the row, when `beforeDelete` allows it, and moves the ones after it up. */
    remove: (db: Database, session: AuthSession, params: ParentParams, id: string) =>
      write(db, session, params, async (tx, parent) => {
        const existing = await storedChild(tx, parent, id);
        await resource.beforeDelete?.({ db: tx, session, existing: existing as Table['$inferSelect'], parent });
        await tx.delete(table).where(child(parent, id));
        await tx
          .update(table)
          .set({ position: sql`${table.position} - 1` })
          .where(and(underParent(parent), gt(table.position, existing.position)));
        await changed(tx, parent);
        await audit(tx, session, parent, 'DELETE', id, []);
      }),

    /** Puts the parent's rows in the order of `ids`, which must name each of them exactly once. */
    reorder: (db: Database, session: AuthSession, params: ParentParams, ids: string[]) =>
      write(db, session, params, async (tx, parent) => {
        const current = (await tx.select({ id: table.id, position: table.position }).from(table).where(underParent(parent))) as {
          id: string;
          position: number;
        }[];
        const positionOf = new Map(current.map((row) => [row.id, row.position]));
        const wrong = (message: string) => invalidField(resource.orderField, 'order', message);
        if (new Set(ids).size !== ids.length) throw wrong(`lists a ${resource.entity} more than once`);
        if (ids.some((id) => !positionOf.has(id))) throw wrong(`names a ${resource.entity} that is not in this ${resource.parentNoun}`);
        if (ids.length !== current.length) throw wrong(`must list every ${resource.entity} of the ${resource.parentNoun}`);

        const moved = ids.flatMap((id, position) => (positionOf.get(id) === position ? [] : [{ id, position }]));
        for (const { id, position } of moved) {
          await tx.update(table).set({ position }).where(child(parent, id));
          await audit(tx, session, parent, 'UPDATE', id, ['order']);
        }
        if (moved.length) await changed(tx, parent);
        const items = await readRecords(tx, parent);
        return { items, total: items.length, totalIsEstimate: false };
      }),
  };
}

function columnKeys(table: ResourceTable) {
  const columns = Object.entries(getTableColumns(table));
  return (column: AnyPgColumn) => {
    const entry = columns.find(([, candidate]) => candidate === column);
    if (!entry) throw new Error(`Column ${column.name} is not in the resource table`);
    return entry[0];
  };
}

/** Optional texts sent as "" are stored as null. */
export function emptyTextAsNull<Body extends object>(body: Body): Body {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === '' ? null : value])) as Body;
}
