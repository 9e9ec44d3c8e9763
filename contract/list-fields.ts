/**
 * What each resource's list offers, declared once for the API and the console (issue 29): the `sortBy` values, and
 * the filters beside the search box, each a query parameter of the list, its export and its bulk "every matching row".
 * The server builds the filters' schemas from here (an unknown filter or a value outside these: 400 naming it) and
 * the console its filter bar and the filters it reads from an address. Plain values: the console may import it.
 */
import {
  contentStatuses,
  contentTypes,
  quizStatuses,
  renderTypes,
  scopes,
  topicStatuses,
  trainingPlanStatuses,
  userStatuses,
  type ResourceName,
  type Scope,
} from './values';
import { countryCodes } from './country-codes';

/** One of a few values (`status=ACTIVE`). */
export interface EnumFilter {
  kind: 'enum';
  values: readonly string[];
}

/** `true` or `false` (`enabled=false`). */
export interface BooleanFilter {
  kind: 'boolean';
}

/** A record of another resource, by id (`companyId=…`): one outside the caller's reach matches nothing. */
export interface ReferenceFilter {
  kind: 'reference';
  resource: ResourceName;
}

/** An ISO 3166-1 alpha-2 country code (`countryCode=IT`). */
export interface CountryFilter {
  kind: 'country';
}

export type ListFilterKind = EnumFilter | BooleanFilter | ReferenceFilter | CountryFilter;

/** A filter of a list: its kind, and the scopes it is offered to (every scope that reads the list when absent). */
export type ListFilterField = ListFilterKind & { scopes?: readonly Scope[] };

export interface ListFields {
  sorts: readonly string[];
  filters: Readonly<Record<string, ListFilterField>>;
}

const enumOf = (values: readonly string[]): EnumFilter => ({ kind: 'enum', values });
const onlyFor = (filter: ListFilterKind, ...scopesOffered: Scope[]): ListFilterField => ({ ...filter, scopes: scopesOffered });

export const listFields = {
  companies: {
    sorts: ['id', 'name', 'createdAt', 'updatedAt'],
    filters: { tenantId: onlyFor({ kind: 'reference', resource: 'tenants' }, 'GLOBAL'), countryCode: { kind: 'country' } },
  },
  tenants: { sorts: ['id', 'name', 'createdAt', 'updatedAt'], filters: {} },
  users: {
    sorts: ['id', 'name', 'surname', 'email', 'createdAt', 'updatedAt'],
    filters: {
      status: enumOf(userStatuses),
      scope: enumOf(scopes),
      enabled: { kind: 'boolean' },
      companyId: onlyFor({ kind: 'reference', resource: 'companies' }, 'GLOBAL', 'TENANT'),
      groupId: onlyFor({ kind: 'reference', resource: 'groups' }, 'COMPANY'),
    },
  },
  topics: { sorts: ['name', 'status'], filters: { status: enumOf(topicStatuses) } },
  contents: {
    sorts: ['id', 'title', 'createdAt', 'updatedAt'],
    filters: {
      type: enumOf(contentTypes),
      renderType: enumOf(renderTypes),
      status: enumOf(contentStatuses),
      topicId: { kind: 'reference', resource: 'topics' },
    },
  },
  'training-plans': { sorts: ['id', 'name', 'createdAt', 'updatedAt'], filters: { status: enumOf(trainingPlanStatuses) } },
  quizzes: { sorts: ['id', 'title', 'status', 'createdAt', 'updatedAt'], filters: { status: enumOf(quizStatuses) } },
  groups: { sorts: ['id', 'name', 'createdAt', 'updatedAt'], filters: {} },
} as const satisfies Record<ResourceName, ListFields>;

export type ListFieldsOf<Name extends ResourceName> = (typeof listFields)[Name];
/** The `sortBy` values of a resource's list. */
export type SortKey<Name extends ResourceName> = ListFieldsOf<Name>['sorts'][number];

/** A filter's value as an address or a query string holds it: a value it takes, or null for anything else. */
export function filterValue(field: ListFilterKind, text: string): string | null {
  switch (field.kind) {
    case 'enum':
      return field.values.includes(text) ? text : null;
    case 'boolean':
      return text === 'true' || text === 'false' ? text : null;
    case 'reference':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : null;
    case 'country':
      return countryCodes.includes(text) ? text : null;
  }
}

/** Whether a filter is offered to a scope. */
export const offeredTo = (field: ListFilterField, scope: Scope) => field.scopes === undefined || field.scopes.includes(scope);
