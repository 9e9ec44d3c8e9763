import { Type } from 'typebox';

export const ProcessedBody = Type.Object(
  {
    externalUuid: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Union([Type.Literal('READY'), Type.Literal('FAILED')]),
  },
  { additionalProperties: false, title: 'VideoProcessedBody' },
);
