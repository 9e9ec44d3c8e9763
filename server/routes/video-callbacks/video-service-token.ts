import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { consoleApiAudience, videoServiceIssuer } from '../../../contract/video-tokens';
import { bearerToken } from '../../auth/session-token';
import { unauthorized } from '../../http/api-error';

/** What the video service speaks for: a video tenant and, when it reports on a video, its course and owning tenant. */
export interface VideoServiceCaller {
  tenant: string;
  course: string | null;
  owner: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    videoService: VideoServiceCaller;
  }
}

const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Route hook: the caller must be the video service; its `tenant` claim names the video tenant it speaks for, `course`
 * and `owner` (on reports) the company and the tenant the video was uploaded for.
 */
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
    request.videoService = { tenant: payload.tenant, course: optionalText(payload.course), owner: optionalText(payload.owner) };
  } catch {
    throw unauthorized('Invalid video-service token', 'INVALID_SERVICE_TOKEN');
  }
}
