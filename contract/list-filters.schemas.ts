import { Type, type TLiteral, type TOptional, type TString, type TUnion } from 'typebox';
import { OneOf } from './common.schemas';
import './country-code.schemas';
import { listFields, type ListFilterField } from './list-fields';
import type { ResourceName } from './values';

type FilterSchema<Field> = Field extends { kind: 'enum'; values: infer Values extends readonly string[] }
  ? TUnion<{ -readonly [Index in keyof Values]: TLiteral<Values[Index]> }>
  : Field extends { kind: 'boolean' }
    ? TUnion<[TLiteral<'true'>, TLiteral<'false'>]>
    : TString;

/** The query-string properties of a resource's filters, each optional. */
export type FilterProperties<Name extends ResourceName> = {
  -readonly [Key in keyof (typeof listFields)[Name]['filters']]: TOptional<FilterSchema<(typeof listFields)[Name]['filters'][Key]>>;
};

const booleanValues = ['true', 'false'] as const;

function filterSchema(name: string, field: ListFilterField) {
  const offered = field.scopes ? ` (offered to ${field.scopes.join(', ')})` : '';
  switch (field.kind) {
    case 'enum':
      return OneOf(field.values, { description: `Only the rows whose ${name} is this${offered}` });
    case 'boolean':
      return OneOf(booleanValues, { description: `Only the rows whose ${name} is this${offered}` });
    case 'reference':
      return Type.String({
        format: 'uuid',
        description: `Only the rows of this ${field.resource} record; one out of reach matches nothing${offered}`,
      });
    case 'country':
      return Type.String({ format: 'iso-3166-alpha-2', description: `Only the rows of this country (ISO 3166-1 alpha-2)${offered}` });
  }
}

/**
 * The filters of a resource's list as query-string properties (`contract/list-fields.ts`): the list, its export and
 * its bulk body take them; any other parameter, or a value outside these, is a 400 naming it.
 */
export function filterProperties<Name extends ResourceName>(resource: Name): FilterProperties<Name> {
  const filters: Readonly<Record<string, ListFilterField>> = listFields[resource].filters;
  return Object.fromEntries(
    Object.entries(filters).map(([name, field]) => [name, Type.Optional(filterSchema(name, field))]),
  ) as unknown as FilterProperties<Name>;
}
