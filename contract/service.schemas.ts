import { Type } from 'typebox';

export const HealthResponse = Type.Object({ status: Type.Literal('ok') });

export const ReadyResponse = Type.Object({ status: Type.Literal('ready') });

/** `GET /api/docs`: this document, in OpenAPI. */
export const OpenApiDocument = Type.Object({ openapi: Type.String() }, { additionalProperties: true });
