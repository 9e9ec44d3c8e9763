import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { errorCodeOfStatus, type ErrorResponse, type FieldError } from '../../contract/errors.schemas';
import { toFieldErrors } from './validation';
import { isTransientConflict } from '../db/constraint-violation';

export function errorBody(
  statusCode: number,
  message: string,
  errors?: FieldError[],
  code: string = errorCodeOfStatus(statusCode),
  params?: Record<string, string | number>,
): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(params ? { params } : {}),
    ...(errors ? { errors } : {}),
  };
}

/** Fastify's own refusals (a body too large, a wrong content type…) by their code, in the API's words. */
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
};

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(errorBody(error.statusCode, error.message, error.errors, error.code, error.params));
  }
  if (error.validation) {
    const errors = toFieldErrors(error.validation, error.validationContext);
    const message = errors.map(({ field, message }) => `${field} ${message}`).join('; ');
    return reply.code(400).send(errorBody(400, message || 'Invalid request', errors, 'VALIDATION_FAILED'));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return reply
      .code(400)
      .send(errorBody(400, 'Body is not valid JSON', [{ field: 'body', rule: 'json', message: 'is not valid JSON' }], 'INVALID_JSON'));
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    return reply
      .code(statusCode)
      .send(errorBody(statusCode, error.message, undefined, fastifyCodes[error.code] ?? errorCodeOfStatus(statusCode)));
  }
  if (isTransientConflict(error)) {
    // A deadlock or a serialization failure between concurrent writes: PostgreSQL rolled this one back, so nothing of
    // it was kept; the client may send it again (clients retry a 503 after its Retry-After).
    request.log.warn({ err: error }, 'transaction ended by a concurrent one');
    return reply
      .code(503)
      .header('retry-after', '1')
      .send(
        errorBody(503, 'Another change was being saved at the same moment: nothing was saved. Try again.', undefined, 'CONCURRENT_CHANGE'),
      );
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody(500, 'Something went wrong. Please try again later.'));
}
