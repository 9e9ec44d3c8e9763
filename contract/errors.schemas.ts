import { Type, type Static } from 'typebox';

/**
 * What was wrong with one field of the request (`tenantId`, `topicIds.0`, `query.page`…): `rule` is the stable name
 * of the rule it broke (`required`, `format`, `minLength`, `unique`, `notFound`…), `params` what the rule needs to be
 * said (`{ format: 'email' }`, `{ limit: 8 }`); `message` is the same in English words, a fallback for clients.
 */
export const FieldError = Type.Object({
  field: Type.String(),
  rule: Type.String(),
  message: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type FieldError = Static<typeof FieldError>;

/**
 * Every error answer: `code` is stable (`INVALID_CREDENTIALS`, `TENANT_NOT_FOUND`, `VALIDATION_FAILED`…) for
 * clients to say it in their user's language, with `params` for the words it names (a plan's name); `message`
 * says it in English, the fallback text.
 */
export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    code: Type.String(),
    message: Type.String(),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    errors: Type.Optional(Type.Array(FieldError)),
  },
  { title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** The code of an error answer that has no more precise one, by HTTP status. */
export const statusErrorCodes: Readonly<Record<number, string>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'UNAVAILABLE',
};

export const errorCodeOfStatus = (statusCode: number) =>
  statusErrorCodes[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_ERROR' : 'REQUEST_FAILED');

export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<Codes[number], typeof ErrorResponse>;
}
