import { Type } from 'typebox';
import { OneOf, Uuid } from './common.schemas';
import type { ContentStatus } from './values';

export const ProcessedBody = Type.Object(
  {
    externalUuid: Type.String({ minLength: 1, maxLength: 200 }),
    status: OneOf(['READY', 'FAILED'] as const satisfies readonly ContentStatus[]),
  },
  { additionalProperties: false, title: 'VideoProcessedBody' },
);

/** The video service asks whether the console session behind a token is still open, for its tenant and course. */
export const SessionStatusBody = Type.Object(
  {
    sessionId: Type.String({ minLength: 1, maxLength: 100, description: 'The `sid` claim of the console token' }),
    course: Type.Union([Uuid, Type.Null()], { description: 'The `course` claim of the console token' }),
  },
  { additionalProperties: false, title: 'VideoSessionStatusBody' },
);

export const SessionStatusResponse = Type.Object(
  {
    active: Type.Boolean({
      description: 'The session is open and still has this video tenant (the token of the call) and this course',
    }),
  },
  { title: 'VideoSessionStatus' },
);
