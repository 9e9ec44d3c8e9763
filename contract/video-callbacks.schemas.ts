import { Type } from 'typebox';
import { OneOf } from './common.schemas';
import type { ContentStatus } from './values';

export const ProcessedBody = Type.Object(
  {
    externalUuid: Type.String({ minLength: 1, maxLength: 200 }),
    status: OneOf(['READY', 'FAILED'] as const satisfies readonly ContentStatus[]),
  },
  { additionalProperties: false, title: 'VideoProcessedBody' },
);
