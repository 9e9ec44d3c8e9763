import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Static, TObject, TProperties, TSchema } from 'typebox';
import type { AuthSession } from '../auth/auth-session';
import { reachOf } from '../auth/tenancy';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { constraintViolation } from '../db/constraint-violation';
import type { AuditAction } from '../db/schema/enums';
import { conflict, notFound } from '../http/api-error';
import { listPage, type ListParams, type ListSource } from './list-page';
import type { Resource, ResourceTable } from './resource';

type StoredRow = Record<string, unknown> & { id: string; version: number };

const staleVersion = () =>
  conflict('The record was changed by someone else; reload it', [{ field: 'version', message: 'changed by someone else' }]);

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
>(resource: Resource<Table, Row, RecordSchema, Body, Filters>, exactCountLimit: number) {
  type ResourceRecord = Static<RecordSchema>;
  type Write = Static<TObject<Body>>;
  const { table } = resource;
  const listSource: ListSource<Row> = { ...resource, id: table.id, createdAt: table.createdAt };
  const columnKey = columnKeys(table);
  const notFoundError = () => notFound(`${resource.entity[0]!.toUpperCase()}${resource.entity.slice(1)} not found`);

  const inReach = (session: AuthSession, id: string) => and(eq(table.id, id), reachOf(session, resource.owner));

  async function storedRow(db: Database, session: AuthSession, id: string, forUpdate = false) {
    const query = db.select().from(table as ResourceTable).where(inReach(session, id));
    const [row] = (await (forUpdate ? query.for('update') : query)) as StoredRow[];
    if (!row) throw notFoundError();
    return row;
  }

  async function readRecord(db: Database, session: AuthSession, id: string): Promise<ResourceRecord> {
    const [row] = await resource.rows(db).where(inReach(session, id)).limit(1);
    if (row === undefined) throw notFoundError();
    return resource.toRecord(row);
  }

  async function audit(db: Database, session: AuthSession, action: AuditAction, row: StoredRow, changed: string[]) {
    const ownerId = (column: AnyPgColumn | undefined) => (column ? (row[columnKey(column)] as string | null) : null);
    await recordAudit(db, session, {
      action,
      entity: resource.entity,
      entityId: row.id,
      owner: { tenantId: ownerId(resource.owner.tenant), companyId: ownerId(resource.owner.company) },
      details: { changed },
    });
  }

  function changedFields(values: object, existing?: StoredRow) {
    return Object.entries(values)
      .filter(([key, value]) => value !== undefined && (existing ? value !== existing[key] : value !== null))
      .map(([key]) => resource.auditNames?.[key] ?? key);
  }

  async function answeringConflicts<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const violation = constraintViolation(error);
      const uniqueField = violation?.kind === 'unique' ? resource.uniqueFields?.[violation.constraint] : undefined;
      if (uniqueField) throw conflict(`${uniqueField.field} ${uniqueField.message}`, [uniqueField]);
      if (violation?.kind === 'foreignKey' && resource.inUse) throw conflict(resource.inUse);
      throw error;
    }
  }

  const valuesOf = (db: Database, session: AuthSession, body: Write, existing?: StoredRow) =>
    resource.values({ db, session, body, existing: existing as Table['$inferSelect'] });

  const relatedWrites = async (db: Database, session: AuthSession, body: Write, row: StoredRow, existing?: StoredRow) =>
    (await resource.afterWrite?.({
      db,
      session,
      body,
      row: row as Table['$inferSelect'],
      existing: existing as Table['$inferSelect'] | undefined,
    })) ?? [];

  return {
    list(db: Database, session: AuthSession, query: ListParams & Static<TObject<Filters>>) {
      const filter: SQL | undefined = and(reachOf(session, resource.owner), resource.filter?.(session, query));
      return listPage(db, listSource, query, filter, exactCountLimit);
    },

    find: readRecord,

    async create(db: Database, session: AuthSession, sent: Write): Promise<ResourceRecord> {
      const body = emptyTextAsNull(sent);
      const values = await valuesOf(db, session, body);
      return answeringConflicts(() =>
        db.transaction(async (tx) => {
          const [row] = (await tx.insert(table).values(values).returning()) as StoredRow[];
          const related = await relatedWrites(tx, session, body, row!);
          await audit(tx, session, 'CREATE', row!, [...changedFields(values), ...related]);
          return readRecord(tx, session, row!.id);
        }),
      );
    },

    async update(db: Database, session: AuthSession, id: string, { version, ...sent }: Write & { version: number }) {
      const existing = await storedRow(db, session, id);
      if (existing.version !== version) throw staleVersion();
      const body = emptyTextAsNull(sent as Write);
      const values = await valuesOf(db, session, body, existing);
      return answeringConflicts(() =>
        db.transaction(async (tx) => {
          const [row] = (await tx
            .update(table as ResourceTable)
            .set({ ...values, version: sql`${table.version} + 1` })
            .where(and(inReach(session, id), eq(table.version, version)))
            .returning()) as StoredRow[];
          if (!row) throw staleVersion();
          const related = await relatedWrites(tx, session, body, row, existing);
          await audit(tx, session, 'UPDATE', row, [...changedFields(values, existing), ...related]);
          return readRecord(tx, session, id);
        }),
      );
    },

    async remove(db: Database, session: AuthSession, id: string) {
      await answeringConflicts(() =>
        db.transaction(async (tx) => {
          const existing = await storedRow(tx, session, id, true);
          await resource.beforeDelete?.(session, existing as Table['$inferSelect'], tx);
          await tx.delete(table).where(inReach(session, id));
          await audit(tx, session, 'DELETE', existing, []);
        }),
      );
    },
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
