import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static, TObject, TProperties, TSchema } from 'typebox';
import type { AuthSession } from '../auth/auth-session';
import type { OwnerColumns } from '../auth/tenancy';
import type { Database } from '../db/client';
import type { Scope } from '../../contract/values';
import type { FieldError } from '../../contract/errors.schemas';
import type { RowQuery } from './list-page';

export type ResourceTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; createdAt: AnyPgColumn };

export interface WriteContext<Table extends ResourceTable, Body> {
  db: Database;
  session: AuthSession;
  /** The request body, with "" turned into null and without `version`. */
  body: Body;
  /** The stored row on update (fields the body omits keep their values); undefined on create. */
  existing?: Table['$inferSelect'];
}

/** What `afterWrite` sees: the write's context and the row as stored by the insert or update. */
export interface AfterWriteContext<Table extends ResourceTable, Body> extends WriteContext<Table, Body> {
  row: Table['$inferSelect'];
}

/**
 * A tenant-owned resource served as `GET/POST {path}`, `GET/PUT(/DELETE) {path}/:id`: the table, who owns its rows,
 * how a record is read and listed, and how a body becomes column values.
 */
export interface Resource<
  Table extends ResourceTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Filters extends TProperties,
> {
  /** Audit entity name, and the subject of messages such as "company not found". */
  entity: string;
  path: string;
  access: { read: Scope[]; write: Scope[]; deletable: boolean };
  table: Table;
  owner: OwnerColumns;
  schemas: { title: string; record: RecordSchema; body: Body; filters: Filters };
  rows(db: Database): RowQuery<Row>;
  toRecord(row: Row): Static<RecordSchema>;
  sorts: Record<string, AnyPgColumn>;
  search(pattern: string, db: Database): SQL[] | Promise<SQL[]>;
  filter?(session: AuthSession, query: Static<TObject<Filters>>): SQL | undefined;
  /** Column values for an insert or update; throws 400 field errors for values outside the caller's reach. */
  values(context: WriteContext<Table, Static<TObject<Body>>>): Promise<Table['$inferInsert']>;
  /** PUT accepts any subset of the fields, the others keeping their values; otherwise PUT requires what POST requires. */
  partialUpdate?: boolean;
  /**
   * Writes that belong to the record outside its row (join rows), in the transaction of the insert or update, after
   * it; may throw 400 field errors (the write is then rolled back). Answers the names of the fields it changed, for the audit.
   */
  afterWrite?(context: AfterWriteContext<Table, Static<TObject<Body>>>): Promise<string[]>;
  /** Unique constraints, and the field error a violation answers (409). */
  uniqueFields?: Record<string, FieldError>;
  /** Why a row referenced by others cannot be deleted (409 on a foreign-key violation). */
  inUse?: string;
  /** Refuses a delete (throws); runs in the delete's transaction, after the row was locked. */
  beforeDelete?(session: AuthSession, existing: Table['$inferSelect'], db: Database): void | Promise<void>;
  /** Names the audit log uses for columns, e.g. passwordHash → password. */
  auditNames?: Record<string, string>;
}

export const defineResource = <
  Table extends ResourceTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Filters extends TProperties,
>(
  resource: Resource<Table, Row, RecordSchema, Body, Filters>,
) => resource;

export function isoTimestamps<Row extends { createdAt: Date; updatedAt: Date }>(row: Row) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
