import type { NamedRef, Scope } from './session';

/** The resources the console lists and edits (docs/api-contract.md, "Resources"). */
export type ResourceName = 'companies' | 'tenants' | 'users' | 'topics' | 'contents' | 'training-plans';

export const resourceNames: readonly ResourceName[] = ['companies', 'tenants', 'users', 'topics', 'contents', 'training-plans'];

export type SortOrder = 'asc' | 'desc';

/** What a list asks the API for; `sortBy: null` leaves the order to the API. */
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

export interface Page<T> {
  items: T[];
  total: number;
  /** Beyond 10 000 matching rows `total` is an estimate: "of about N". */
  totalIsEstimate: boolean;
}

export interface StoredRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** +1 on every update; an update must carry the version it was edited from. */
  version: number;
}

/** A write body: the editable fields (an update adds `version`). */
export type RecordBody = Record<string, unknown>;

export interface Company extends StoredRecord {
  tenantId: string;
  tenant: NamedRef;
  name: string;
  domain: string | null;
  vinapseTenant: string | null;
  taxId: string;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  region: string | null;
  countryCode: string;
  phone: string | null;
  email: string | null;
}

export interface Tenant extends StoredRecord {
  name: string;
  domainName: string | null;
  vinapseTenant: string | null;
  description: string | null;
  url: string | null;
}

export type UserStatus = 'ACTIVE' | 'PENDING';

export interface User extends StoredRecord {
  name: string;
  surname: string;
  email: string;
  status: UserStatus;
  enabled: boolean;
  scope: Scope;
  admin: boolean;
  tenantId: string | null;
  companyId: string | null;
  tenant: NamedRef | null;
  company: NamedRef | null;
}
