import type { Static, TObject, TUnsafe } from 'typebox';
import type * as common from '../../contract/common.schemas';
import type * as companies from '../../contract/companies.schemas';
import type * as tenants from '../../contract/tenants.schemas';
import type * as users from '../../contract/users.schemas';
import type { Content, Topic } from './catalogue';
import type { Quiz } from './quizzes';
import type { Group } from './delivery';
import type { TrainingPlan } from './training-plans';

/** The resources the console lists and edits, and the wire's sort orders. */
export { resourceNames, type ResourceName, type SortOrder } from '../../contract/values';
import type { SortOrder } from '../../contract/values';

/** Each list's sort keys and filters, declared once for the API and the console (`contract/list-fields.ts`). */
export { filterValue, listFields, offeredTo, type ListFilterField } from '../../contract/list-fields';

/** The fields each form must have filled in, declared once for the API and the console (`contract/required-fields.ts`). */
export { isRequiredField, requiredFields, type FormName } from '../../contract/required-fields';

/** What a list asks the API for, as the list machine holds it; `sortBy: null` leaves the order to the API. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sortBy: string | null;
  sortOrder: SortOrder;
  search: string;
}

/** A list query plus fixed filters of the caller (e.g. `tenantId` for the companies of one tenant). */
export interface ListRequest {
  query: ListQuery;
  filters: Readonly<Record<string, string>>;
}

/**
 * A page of a list with its total (beyond 10 000 matching rows an estimate: "of about N"): the API leaves the total
 * out only when asked `withTotal=false`, which the console never asks.
 */
export type Page<Item> = Required<Static<ReturnType<typeof common.listResponse<TUnsafe<Item>>>>>;

/** The fields every stored record has; `version` is +1 on every update, and an update carries the one it was edited from. */
export type StoredRecord = Static<TObject<typeof common.recordProperties>>;

/** A write body as a form builds it from its fields (an update adds `version`); the API checks it. */
export type RecordBody = Record<string, unknown>;

export type Company = Static<typeof companies.Company>;
export type Tenant = Static<typeof tenants.Tenant>;
export type User = Static<typeof users.User>;

/** The record of each top-level resource, as its contract schema says. */
export interface ResourceRecords {
  companies: Company;
  tenants: Tenant;
  users: User;
  topics: Topic;
  contents: Content;
  'training-plans': TrainingPlan;
  quizzes: Quiz;
  groups: Group;
}
