import { Type } from 'typebox';
import { NullableString, RequiredText, Uuid } from './common.schemas';

// The Learning Record Store (issue 27): a company's credentials for its learning tools' xAPI statements.

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

/** A credential as listed: never its secret (only its hash is kept). */
export const LrsCredential = Type.Object(
  {
    id: Uuid,
    createdAt: Timestamp,
    label: Type.String(),
    key: Type.String({ description: 'The HTTP Basic user name of the xAPI endpoint' }),
    createdBy: Type.Union([Uuid, Type.Null()]),
    createdByName: NullableString,
    revokedAt: NullableTimestamp,
    lastUsedAt: NullableTimestamp,
  },
  { title: 'LrsCredential' },
);

export const LrsCredentialBody = Type.Object({ label: RequiredText(200) }, { additionalProperties: false, title: 'LrsCredentialBody' });

/** The answer of a create: the record and, this once, its secret (the HTTP Basic password). */
export const LrsCredentialCreated = Type.Object(
  {
    ...LrsCredential.properties,
    secret: Type.String({ description: 'Shown once: only its hash is stored' }),
  },
  { title: 'LrsCredentialCreated' },
);

export const LrsCredentialParams = Type.Object({ id: Uuid }, { additionalProperties: false });
