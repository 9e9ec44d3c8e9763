import type { FastifyRequest } from 'fastify';
import { languageOf, type Language } from './messages';
import { tenantOfHost } from './tenant-host';

/** A query parameter given once; repeated or absent ones are undefined. */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export const requestLanguage = (request: FastifyRequest): Language =>
  languageOf(queryValue(request, 'lang'), request.headers['accept-language']);

export const requestTenant = (request: FastifyRequest) => tenantOfHost(request.hostname);

/** Whether `origin` is the service's own (compared by host, as a TLS proxy in front may hide the scheme). */
export const isOwnOrigin = (origin: string, request: FastifyRequest) =>
  URL.canParse(origin) && new URL(origin).host === request.host.toLowerCase();

export function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}
