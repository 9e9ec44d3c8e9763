import { Type, type Static } from 'typebox';
import { OneOf, Uuid } from './common.schemas';
import { userLanguages } from './values';

/** Rows one request of an import carries at most: the console sends a file in batches of this size. */
export const importBatchLimit = 500;

/** A cell longer than this is not a value of any user field: the whole batch is refused (400), nothing written. */
const cellMaxLength = 2000;
const Cell = Type.Optional(Type.String({ maxLength: cellMaxLength }));

/**
 * One row of the file, as the console mapped it: texts as read, the booleans already read from the file's words.
 * `company` is a company's id or its name (case and spaces around it ignored). Each row is checked on its own with
 * the rules of `POST /api/users`: a wrong row is reported, never a reason to refuse the others.
 */
export const UserImportRow = Type.Object(
  {
    line: Type.Integer({ minimum: 1, description: 'The line of the file, echoed in the result' }),
    name: Cell,
    surname: Cell,
    email: Cell,
    company: Cell,
    scope: Cell,
    admin: Type.Optional(Type.Boolean()),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, title: 'UserImportRow' },
);
export type UserImportRow = Static<typeof UserImportRow>;

export const UserImportBody = Type.Object(
  {
    dryRun: Type.Boolean({ default: false, description: 'true: check every row as the import would, write nothing' }),
    rows: Type.Array(UserImportRow, { minItems: 1, maxItems: importBatchLimit }),
    // Issue 30: an invitation mailed to each user created (enabled ones), in the language given (default en).
    sendInvitations: Type.Optional(
      Type.Boolean({
        description: 'true: mail every enabled user created an invitation to choose a password (409 MAIL_NOT_CONFIGURED when mail is off)',
      }),
    ),
    language: Type.Optional(OneOf(userLanguages, { description: "The language of the created users' mails; default en" })),
  },
  { additionalProperties: false, title: 'UserImportBody' },
);
export type UserImportBody = Static<typeof UserImportBody>;

export const importOutcomes = ['created', 'skipped', 'failed'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const UserImportResult = Type.Object(
  {
    line: Type.Integer(),
    outcome: OneOf(importOutcomes),
    id: Type.Optional(Uuid),
    field: Type.Optional(Type.String({ description: 'The field at fault of a skipped or failed row' })),
    rule: Type.Optional(
      Type.String({
        description:
          'Why, as a stable code for clients to translate: a field rule of errors.schemas.ts (`required`, `format`, `maxLength`, `oneOf`, `notFound`, `notAllowed`, `unique`…), `duplicate` (the email is on an earlier line of the file, `params.line`) or `ambiguous` (two companies in reach have that name)',
      }),
    ),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'What the rule needs to be said' }),
    ),
    message: Type.Optional(Type.String({ description: 'Why the row was skipped or failed, in English' })),
    invited: Type.Optional(
      Type.Boolean({ description: 'With sendInvitations: whether the created user was sent an invitation (not when disabled)' }),
    ),
  },
  { title: 'UserImportResult' },
);
export type UserImportResult = Static<typeof UserImportResult>;

export const UserImportResponse = Type.Object(
  {
    dryRun: Type.Boolean(),
    results: Type.Array(UserImportResult, { description: 'One per row, in the order sent' }),
  },
  { title: 'UserImportResponse' },
);
export type UserImportResponse = Static<typeof UserImportResponse>;
