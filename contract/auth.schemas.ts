import { Type } from 'typebox';
import { Email } from './common.schemas';
import { VideoToken } from './session.schemas';

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false, title: 'LoginBody' },
);

export const AssumeBody = Type.Object({ tenantId: Type.String({ format: 'uuid' }) }, { additionalProperties: false, title: 'AssumeBody' });

export const LogoutBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false, title: 'LogoutBody' },
);

export const RefreshJwtResponse = Type.Object(
  { success: Type.Literal(true), jwtTokens: Type.Object({ vinapse: VideoToken }) },
  { title: 'RefreshJwtResponse' },
);

export const RefreshJwtConflict = Type.Object(
  {
    statusCode: Type.Integer(),
    success: Type.Literal(false),
    error: Type.String(),
    code: Type.String(),
    message: Type.String(),
  },
  { title: 'RefreshJwtConflict' },
);
