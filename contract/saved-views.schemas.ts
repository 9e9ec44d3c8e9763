import { Type } from 'typebox';
import { Uuid } from './common.schemas';
import { savedViewNameMaxLength, savedViewQueryMaxLength } from './saved-view-rules';

// Saved views (issue 29): a user's own names for a list's address, per list.

/** A list's path in the console: `/users`, `/activity`, `/training-plans` (lower-case words and dashes, by slashes). */
const listPathRules = { minLength: 2, maxLength: 200, pattern: '^(/[a-z0-9]+(-[a-z0-9]+)*)+$' } as const;
const ListPath = Type.String({ ...listPathRules, description: "The list's path in the console, e.g. /users" });

/** A name as typed: its spaces around are dropped; it must keep a visible character. */
const ViewName = Type.String({ minLength: 1, maxLength: savedViewNameMaxLength, pattern: '\\S' });

/** The address's query string, without `?`; its `page` is dropped (a view opens on page 1). No control characters. */
const ViewQuery = Type.String({
  maxLength: savedViewQueryMaxLength,
  pattern: '^[^\\u0000-\\u001f\\u007f]*$',
  description: "The list address's query string (sort, search, filters), without ? and without page",
});

export const SavedView = Type.Object(
  {
    id: Uuid,
    list: Type.String(),
    name: Type.String(),
    query: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'SavedView' },
);

export const SavedViewsQuery = Type.Object(
  {
    list: Type.Optional(
      Type.String({
        ...listPathRules,
        description: "The list's path in the console; left out, the caller's views of every list, by list then name",
      }),
    ),
  },
  { additionalProperties: false },
);

export const SavedViewBody = Type.Object(
  { list: ListPath, name: ViewName, query: ViewQuery },
  { additionalProperties: false, title: 'SavedViewBody' },
);

/** A rename, or the view's address replaced: what is given changes. */
export const SavedViewUpdateBody = Type.Object(
  { name: Type.Optional(ViewName), query: Type.Optional(ViewQuery) },
  { additionalProperties: false, minProperties: 1, title: 'SavedViewUpdateBody' },
);

export const SavedViewParams = Type.Object({ id: Uuid }, { additionalProperties: false });
