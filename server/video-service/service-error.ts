import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { formatBytes, formatMessage, messages, type MessageKey } from './messages';

/** A refusal with a status and a message of `messages.ts`: JSON routes answer it in English, pages in the page's language. */
export class ServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageKey,
    message: string = messages.en[code],
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const tooLarge = (maxBytes: number) =>
  new ServiceError(413, 'tooLarge', formatMessage(messages.en.tooLarge, { limit: formatBytes(maxBytes) }));

export function errorBody(statusCode: number, message: string, code?: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

export function handleServiceError(error: FastifyError | ServiceError, request: FastifyRequest, reply: FastifyReply) {
  // An unread request body (an upload refused early) is not drained: the connection closes after the answer.
  if (!request.raw.complete) reply.header('connection', 'close');
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 500 && !(error instanceof ServiceError)) {
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(500, messages.en.unexpected));
  }
  const code = error instanceof ServiceError ? error.code : undefined;
  return reply.code(statusCode).send(errorBody(statusCode, error.message, code));
}
