import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static, TObject, TProperties, TSchema } from 'typebox';
import type { FieldError } from '../../contract/errors.schemas';
import type { Scope } from '../../contract/values';
import type { AuthSession } from '../auth/auth-session';
import type { Owner, OwnerColumns } from '../auth/tenancy';
import type { Database } from '../db/client';
import type { RowQuery } from './list-page';
import type { Bind } from '../db/prepared';
import type { AccountLinks } from '../mail/account-links';
import type { MailQueue } from '../mail/mail-queue';
import type { BulkParams } from '../../contract/bulk-limits';
import type { SortKey } from '../../contract/list-fields';
import type { ResourceName } from '../../contract/values';

export type ResourceTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; createdAt: AnyPgColumn };

/** The table of rows kept in an order under a parent: `position` is 0, 1, 2… among the parent's rows. */
export type OrderedTable = ResourceTable & { position: AnyPgColumn };

/** The parent a request's rows hang under, found inside the caller's reach; `id` is what their parent column holds. */
export interface Parent {
  id: string;
  /** The tenant and company owning the rows (for the audit log). */
  owner: Owner;
  /** Added to the details of every audit row of the children. */
  auditDetails: Record<string, unknown>;
}

/** What a write's hooks may use beyond the database: the mail queue and the console's links (invitations). */
export interface StoreServices {
  mail: MailQueue;
  links: AccountLinks;
}

export interface WriteContext<Table extends ResourceTable, Body, ParentOf = undefined> {
  db: Database;
  session: AuthSession;
  services: StoreServices;
  /** The request body, with "" turned into null and without `version`. */
  body: Body;
  /** The stored row on update (fields the body omits keep their values); undefined on create. */
  existing?: Table['$inferSelect'];
  /** The parent of a nested resource's rows (undefined for a top-level resource). */
  parent: ParentOf;
}

/** What `afterWrite` sees: the write's context and the row as stored by the insert or update. */
export interface AfterWriteContext<Table extends ResourceTable, Body, ParentOf = undefined> extends WriteContext<Table, Body, ParentOf> {
  row: Table['$inferSelect'];
}

export interface DeleteContext<Table extends ResourceTable, ParentOf = undefined> {
  db: Database;
  session: AuthSession;
  /** The row about to be deleted, locked. */
  existing: Table['$inferSelect'];
  parent: ParentOf;
}

/**
 * One row's part of a bulk action other than delete (`enable`, `disable`): runs in the row's own savepoint on the row
 * locked inside the caller's reach, answers the fields it changed (audited as an update; none: the row is skipped as
 * unchanged), or throws an `ApiError` (409, 400) to skip the row with that reason.
 */
export type BulkRowAction<Table extends ResourceTable> = (context: DeleteContext<Table>) => Promise<string[]>;

/**
 * A bulk action with parameters (`addToGroup`, `assignPlan`) on the rows named, all at once in one transaction, by
 * the rules of its one-row route: answers how many succeeded and each row skipped with its reason (`NOT_FOUND`
 * outside the caller's reach, `UNCHANGED`…), or throws an `ApiError` (404, 409) to refuse the whole request.
 */
export type BulkSetAction = (
  db: Database,
  session: AuthSession,
  ids: readonly string[],
  params: BulkParams,
) => Promise<{ succeeded: number; skipped: { id: string; code: string; message: string }[] }>;

/** The bulk actions of a resource (`POST {path}/bulk`): delete with the one-row rules, its own updates, its sets. */
export interface BulkActions<Table extends ResourceTable> {
  delete?: boolean;
  updates?: Partial<Record<'enable' | 'disable', BulkRowAction<Table>>>;
  sets?: Partial<Record<'addToGroup' | 'assignPlan', BulkSetAction>>;
}

/** What every resource defines: the table, how a record is read, how a body becomes column values, and its rules. */
interface ResourceCore<Table extends ResourceTable, Row, RecordSchema extends TSchema, Body extends TProperties, ParentOf> {
  /** Audit entity name, and the subject of messages such as "company not found". */
  entity: string;
  access: { read: Scope[]; write: Scope[]; deletable: boolean };
  table: Table;
  rows(db: Database): RowQuery<Row>;
  toRecord(row: Row): Static<RecordSchema>;
  /** PUT accepts any subset of the fields, the others keeping their values; otherwise PUT requires what POST requires. */
  partialUpdate?: boolean;
  /**
   * Writes that belong to the record outside its row (join rows), in the transaction of the insert or update, after
   * it; may throw 400 field errors (the write is then rolled back). Answers the names of the fields it changed, for the audit.
   */
  afterWrite?(context: AfterWriteContext<Table, Static<TObject<Body>>, ParentOf>): Promise<string[]>;
  /** Unique constraints, and the field error a violation answers (409). */
  uniqueFields?: Record<string, FieldError>;
  /** Why a row referenced by others cannot be deleted (409 on a foreign-key violation): its code and English text. */
  inUse?: { code: string; message: string };
  /** Refuses a delete (throws), or takes the locks its cascades need; runs in the delete's transaction, after the row was locked. */
  beforeDelete?(context: DeleteContext<Table, ParentOf>): void | Promise<void>;
  /** Names the audit log uses for columns, e.g. passwordHash → password. */
  auditNames?: Record<string, string>;
}

/**
 * A tenant-owned resource served as `GET/POST {path}`, `GET/PUT(/DELETE) {path}/:id`: its rows are owned by a tenant
 * and a company (`owner`), listed a page at a time, sorted and searched.
 */
export interface Resource<
  Table extends ResourceTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Filters extends TProperties,
> extends ResourceCore<Table, Row, RecordSchema, Body, undefined> {
  path: string;
  owner: OwnerColumns;
  /** Column values for an insert or update; throws 400 field errors for values outside the caller's reach. */
  values(context: WriteContext<Table, Static<TObject<Body>>>): Promise<Table['$inferInsert']>;
  /** `listRecord`: what lists and CSV exports answer, when lighter than `record` (a quiz without its questions). */
  schemas: { title: string; record: RecordSchema; body: Body; filters: Filters; listRecord?: TSchema };
  /** The rows of a list page (`toRecord` maps them too), when they read less than `rows` does. */
  listRows?(db: Database): RowQuery<Row>;
  sorts: Record<string, AnyPgColumn>;
  /** Request values enter the conditions only through `bind` (see `ListSource.search`). */
  search(pattern: string, db: Database, bind: Bind): SQL[] | Promise<SQL[]>;
  filter?(session: AuthSession, query: Static<TObject<Filters>>, bind: Bind): SQL | undefined;
  /** Offered as `POST {path}/bulk` when present (issue 29). */
  bulk?: BulkActions<Table>;
}

/**
 * Rows kept in an order under a parent (a plan's modules, a module's items), served under the parent's path as
 * `GET/POST {prefix}`, `PUT {prefix}/order`, `GET/PUT/DELETE {prefix}/:{idParam}`: listed all at once in their order,
 * created last, closing the gap when one is deleted. Each write first finds the parent with `lock`, so the writes of
 * one parent run one at a time and positions stay 0, 1, 2… without gaps or duplicates.
 */
export interface OrderedResource<
  Table extends OrderedTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Params extends TSchema,
  ParentOf extends Parent,
> extends ResourceCore<Table, Row, RecordSchema, Body, ParentOf> {
  /** `params`: the parent's path; `rowParams`: one row's (with `idParam`); `orderBody`: the reorder's body. */
  schemas: { title: string; record: RecordSchema; body: Body; params: Params; rowParams: TSchema; orderBody: TSchema };
  /** Column values of an insert (the parent column included; the store adds the position) or of an update. */
  values(context: WriteContext<Table, Static<TObject<Body>>, ParentOf>): Promise<Partial<Table['$inferInsert']>>;
  /** The column holding the parent's id. */
  parentColumn: AnyPgColumn;
  /** What the parent is called in messages ("plan", "module"). */
  parentNoun: string;
  /** The name of the row's id in the path, and the field of the reorder body listing the ids. */
  idParam: string;
  orderField: string;
  /** The parent inside the caller's reach, else 404. `lock`: serialises the writes of the parent's rows. */
  parent(db: Database, session: AuthSession, params: Static<Params>, lock: boolean): Promise<ParentOf>;
  /** The OpenAPI summary of the delete, when `beforeDelete` sets conditions the default one does not say. */
  deleteSummary?: string;
  /** Runs after every change of the parent's rows, in its transaction (bumping the parents' `updatedAt`). */
  afterChange?(db: Database, parent: ParentOf): Promise<void>;
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

export const defineOrderedResource = <
  Table extends OrderedTable,
  Row,
  RecordSchema extends TSchema,
  Body extends TProperties,
  Params extends TSchema,
  ParentOf extends Parent,
>(
  resource: OrderedResource<Table, Row, RecordSchema, Body, Params, ParentOf>,
) => resource;

/** A list's sort columns, one for each `sortBy` value its declaration (`contract/list-fields.ts`) offers and no other. */
export const sortColumns = <Name extends ResourceName>(_resource: Name, columns: Record<SortKey<Name>, AnyPgColumn>) => columns;

export function isoTimestamps<Row extends { createdAt: Date; updatedAt: Date }>(row: Row) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
