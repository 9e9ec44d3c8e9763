import { Type, type TLiteral, type TOptional, type TProperties, type TSchema, type TSchemaOptions, type TUnion } from 'typebox';
import { Format } from 'typebox/format';
import { emailMaxLength, isEmail } from './email';
import type { FormName, RequiredBodyField } from './required-fields';
import { exportLanguages, sortOrders } from './values';
import { videoTenantMaxLength, videoTenantPattern, videoTenantRule } from './video-tenant';

type Literals<Values extends readonly string[]> = { -readonly [Index in keyof Values]: TLiteral<Values[Index]> };

/**
 * One of `values` (an `anyOf` of constants in the document), from the plain lists of `values.ts`. The assertion only
 * restores the tuple type that `Array.prototype.map` forgets: one literal per value, in order.
 */
export const OneOf = <const Values extends readonly string[]>(values: Values, options?: TSchemaOptions): TUnion<Literals<Values>> =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<Literals<Values>>;

export const Uuid = Type.String({ format: 'uuid' });
export const NullableString = Type.Union([Type.String(), Type.Null()]);
export const NamedRef = Type.Object({ id: Uuid, name: Type.String() }, { title: 'NamedRef' });

export const RequiredText = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
/** Optional texts accept null or "" (both stored as null). */
export const OptionalText = (maxLength = 200) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
/** TypeBox's own `email` format accepts `a@b`: every `email` of the contract follows `email.ts`, as the console does. */
Format.Set('email', isEmail);

/** An email address (`email.ts`). */
export const Email = Type.String({ format: 'email', maxLength: emailMaxLength });
export const OptionalEmail = Type.Optional(Type.Union([Email, Type.Literal(''), Type.Null()]));
export const OptionalHttpUrl = Type.Optional(
  Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 }), Type.Literal(''), Type.Null()]),
);

/** What a value breaking a schema `pattern` should have been, in words, for the patterns that have some. */
export const patternMessages: ReadonlyMap<string, string> = new Map([[videoTenantPattern, `must be ${videoTenantRule}`]]);

/** A company's or tenant's video tenant: a DNS label (`video-tenant.ts`), or null / "" for none. */
export const OptionalVideoTenant = Type.Optional(
  Type.Union([Type.String({ maxLength: videoTenantMaxLength, pattern: videoTenantPattern }), Type.Literal(''), Type.Null()], {
    description: `The video provider's tenant: ${videoTenantRule}`,
  }),
);

/** The fields every stored record has. */
export const recordProperties = {
  id: Uuid,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer({ minimum: 1 }),
};

/** The properties a body must have (not `Type.Optional`). */
type RequiredKeys<Properties extends TProperties> = {
  [Key in keyof Properties]: Properties[Key] extends TOptional<TSchema> ? never : Key;
}[keyof Properties];

/** Nothing when `Stated` and `Declared` are the same keys; else a property naming the difference, which no body has. */
type SameRequired<Stated, Declared> = [Stated] extends [Declared]
  ? [Declared] extends [Stated]
    ? unknown
    : { requiredFieldsMissingFromTheSchema: Exclude<Declared, Stated> }
  : { requiredFieldsNotDeclaredInRequiredFields: Exclude<Stated, Declared> };

/**
 * A form's body properties, held to `required-fields.ts`: the schema requires exactly the fields declared there for
 * its `body`, else it does not compile (and `test/server/routes/resource/required-fields.test.ts` says which).
 */
export const formBody = <Name extends FormName, Properties extends TProperties>(
  _form: Name,
  properties: Properties & SameRequired<RequiredKeys<Properties>, RequiredBodyField<Name>>,
): Properties => properties;

/** `partialUpdate`: every field of the update is optional (omitted ones keep their values). */
export function bodySchemas<Properties extends TProperties>(title: string, properties: Properties, partialUpdate = false) {
  const updated = partialUpdate
    ? Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)]))
    : properties;
  return {
    create: Type.Object(properties, { additionalProperties: false, title: `${title}CreateBody` }),
    update: Type.Object(
      { ...updated, version: Type.Integer({ minimum: 1, description: 'The version the form loaded' }) },
      { additionalProperties: false, title: `${title}UpdateBody` },
    ),
  };
}

export function listQuery<Filters extends TProperties>(title: string, sortBy: string[], filters: Filters) {
  return Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
      sortBy: Type.Optional(Type.String({ maxLength: 50, description: `One of ${sortBy.join(', ')}; others are ignored` })),
      sortOrder: Type.Optional(OneOf(sortOrders, { default: 'asc' })),
      search: Type.Optional(Type.String({ maxLength: 100 })),
      withTotal: Type.Optional(Type.Boolean({ default: true, description: 'false: answer the page only, without total' })),
      ...filters,
    },
    { additionalProperties: false, title: `${title}ListQuery` },
  );
}

/** The sort and header language of a list's CSV export. */
const exportOrderAndLanguage = (sortBy: string[]) => ({
  sortBy: Type.Optional(Type.String({ maxLength: 50, description: `One of ${sortBy.join(', ')}; others are ignored` })),
  sortOrder: Type.Optional(OneOf(sortOrders, { default: 'asc' })),
  lang: Type.Optional(OneOf(exportLanguages, { description: 'Language of the header row; without it Accept-Language, else en' })),
});

/** The query of a list's CSV export: the list's search, sort and filters (every page), and the header row's language. */
export function exportQuery<Filters extends TProperties>(title: string, sortBy: string[], filters: Filters) {
  return Type.Object(
    { ...exportOrderAndLanguage(sortBy), search: Type.Optional(Type.String({ maxLength: 100 })), ...filters },
    { additionalProperties: false, title: `${title}ExportQuery` },
  );
}

/** The query of the CSV export of selected rows (`POST {resource}/export`): their order and the header row's language. */
export function exportSelectionQuery(title: string, sortBy: string[]) {
  return Type.Object(exportOrderAndLanguage(sortBy), { additionalProperties: false, title: `${title}ExportSelectionQuery` });
}

export function listResponse<Item extends TSchema>(title: string, item: Item) {
  return Type.Object(
    {
      items: Type.Array(item),
      total: Type.Optional(Type.Integer({ minimum: 0 })),
      totalIsEstimate: Type.Optional(Type.Boolean()),
    },
    { title: `${title}List` },
  );
}

export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });

/** The headers of every create: an optional `Idempotency-Key` (printable ASCII). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Makes this create safe to repeat: the same key with the same body answers the first answer again',
    }),
  ),
});
