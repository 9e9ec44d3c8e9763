import { Type } from 'typebox';
import { NamedRef, OneOf } from './common.schemas';
import { scopes } from './values';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const SessionUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    name: Type.String(),
    surname: Type.String(),
    scope: OneOf(scopes),
    admin: Type.Boolean(),
    tenantId: NullableString,
    companyId: NullableString,
  },
  { title: 'SessionUser' },
);

export const VinapseConfig = Type.Object(
  {
    enabled: Type.Boolean(),
    tenantId: NullableString,
    courseId: NullableString,
    serviceUrl: Type.Union([Type.String(), Type.Null()], {
      description: "The video service's base URL for this video tenant (VIDEO_SERVICE_URL with {tenant} replaced); null when not enabled",
    }),
  },
  { title: 'VinapseConfig' },
);

export const VideoToken = Type.Object({ token: Type.String(), expiresAt: Type.String({ format: 'date-time' }) }, { title: 'VideoToken' });

export const AssumedBy = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }, { title: 'AssumedBy' });

const meProperties = {
  user: SessionUser,
  tenant: Type.Union([NamedRef, Type.Null()]),
  company: Type.Union([NamedRef, Type.Null()]),
  vinapseConfig: VinapseConfig,
  assumedBy: Type.Union([AssumedBy, Type.Null()]),
};

export const MeResponse = Type.Object(meProperties, { title: 'MeResponse' });

export const LoginResponse = Type.Object(
  {
    token: Type.String(),
    ...meProperties,
    jwtTokens: Type.Object({ vinapse: Type.Union([VideoToken, Type.Null()]) }),
  },
  { title: 'LoginResponse' },
);
