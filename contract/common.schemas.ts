import { Type, type TProperties, type TSchema } from 'typebox';
import { videoTenantMaxLength, videoTenantPattern, videoTenantRule } from '../server/auth/video-tenant';
import { describePattern } from '../server/http/validation';

export const Uuid = Type.String({ format: 'uuid' });
export const NullableString = Type.Union([Type.String(), Type.Null()]);
export const NamedRef = Type.Object({ id: Uuid, name: Type.String() }, { title: 'NamedRef' });

export const RequiredText = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
/** Optional texts accept null or "" (both stored as null). */
export const OptionalText = (maxLength = 200) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
export const OptionalEmail = Type.Optional(
  Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Literal(''), Type.Null()]),
);
export const OptionalHttpUrl = Type.Optional(
  Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 }), Type.Literal(''), Type.Null()]),
);

describePattern(videoTenantPattern, `must be ${videoTenantRule}`);

/** A company's or tenant's video tenant: a DNS label (`auth/video-tenant.ts`), or null / "" for none. */
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
      page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
      sortBy: Type.Optional(Type.String({ maxLength: 50, description: `One of ${sortBy.join(', ')}; others are ignored` })),
      sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
      search: Type.Optional(Type.String({ maxLength: 100 })),
      withTotal: Type.Boolean({ default: true, description: 'false: answer the page only, without total' }),
      ...filters,
    },
    { additionalProperties: false, title: `${title}ListQuery` },
  );
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
