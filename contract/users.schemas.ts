import { Type, type TSchemaOptions } from 'typebox';
import { formBody, Email, NamedRef, OneOf, recordProperties, RequiredText, Uuid } from './common.schemas';
import { scopes, userLanguages, userStatuses } from './values';

const Scope = (options?: TSchemaOptions) => OneOf(scopes, options);
const NullableUuid = Type.Union([Uuid, Type.Null()]);

export const User = Type.Object(
  {
    ...recordProperties,
    name: Type.String(),
    surname: Type.String(),
    email: Type.String(),
    status: OneOf(userStatuses, {
      description: 'ACTIVE once the user has a password; read-only',
    }),
    enabled: Type.Boolean(),
    scope: Scope(),
    admin: Type.Boolean(),
    tenantId: NullableUuid,
    companyId: NullableUuid,
    tenant: Type.Union([NamedRef, Type.Null()]),
    company: Type.Union([NamedRef, Type.Null()]),
  },
  { title: 'User' },
);

/** The rules of a new password, wherever one is set. */
export const passwordRules = { minLength: 8, maxLength: 1024 } as const;

export const userBody = formBody('users', {
  name: RequiredText(100),
  surname: RequiredText(100),
  email: Email,
  password: Type.Optional(Type.String({ ...passwordRules, description: 'On update, omitted = unchanged' })),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
  admin: Type.Optional(Type.Boolean({ description: 'Default false' })),
  scope: Type.Optional(Scope({ description: "Default: the creator's" })),
  tenantId: Type.Optional(NullableUuid),
  companyId: Type.Optional(NullableUuid),
  // Issue 30: the language of the user's mails (write-only here: GET /api/users/{id}/account answers it), and an
  // invitation to choose a password sent once the user is saved.
  language: Type.Optional(OneOf(userLanguages, { description: "The language of the user's mails; default en, on update unchanged" })),
  sendInvitation: Type.Optional(
    Type.Boolean({
      description:
        'true: once saved, mail the user a link (valid 72 hours) to choose a password. Only for an enabled user without a password (409 otherwise)',
    }),
  ),
});
