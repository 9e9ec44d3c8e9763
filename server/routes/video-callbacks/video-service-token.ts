import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { consoleApiAudience, videoServiceIssuer } from '../../../contract/video-tokens';
import { bearerToken } from '../../auth/session-token';
import { unauthorized } from '../../http/api-error';

declare module 'fastify' {
  interface FastifyRequest {
    videoServiceTenant: string;
  }
}

/** Route hook: the caller must be the video service; its `tenant` claim names the video tenant it speaks for. */
export async function authenticateVideoService(request: FastifyRequest) {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized('A video-service token is required');
  try {
    const { payload } = await jwtVerify(token, await request.server.videoTokenSecret(), {
      audience: consoleApiAudience,
      issuer: videoServiceIssuer,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    if (typeof payload.tenant !== 'string' || payload.tenant === '') throw new Error('no tenant claim');
    request.videoServiceTenant = payload.tenant;
  } catch {
    throw unauthorized('Invalid video-service token', 'INVALID_SERVICE_TOKEN');
  }
}
