import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, isOwnOrigin, queryValue, requestTenant } from './request-values';
import { ServiceError, tooLarge } from './service-error';
import type { VideoServiceContext } from './video-service-context';
import type { VideoRecord } from './video-store';
import { requireCourse } from './video-tokens';

const videoMediaType = /^video\/[\w.+-]+$/;

export const uploadRoutes: FastifyPluginAsync<VideoServiceContext> = async (app, { maxBytes, store, tokens, processor }) => {
  /** Only the uploader page's own origin may call; it is the service's origin, so this is same-origin in practice. */
  function allowOwnOrigin(request: FastifyRequest, reply: FastifyReply) {
    const { origin } = request.headers;
    if (origin === undefined) return;
    if (!isOwnOrigin(origin, request)) throw new ServiceError(403, 'crossOrigin');
    reply.headers({ 'access-control-allow-origin': origin, vary: 'origin' });
  }

  app.options('/videos', async (request, reply) => {
    allowOwnOrigin(request, reply);
    return reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'authorization, content-type, x-file-name',
        'access-control-max-age': '600',
      })
      .send();
  });

  app.post('/videos', async (request, reply) => {
    allowOwnOrigin(request, reply);
    const viewer = await tokens.verify(bearerToken(request), requestTenant(request));
    const course = requireCourse(viewer, queryValue(request, 'courseId'));
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!videoMediaType.test(type)) throw new ServiceError(415, 'unsupportedType');
    const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
    if (Number(length) > maxBytes) throw tooLarge(maxBytes);
    if (encoding === undefined && !(Number(length) > 0)) throw new ServiceError(400, 'emptyFile');

    const { id, size } = await store.receive(request.body as Readable, viewer.tenant, maxBytes);
    const originalName = fileNameOf(request.headers['x-file-name']);
    const record: VideoRecord = {
      id,
      tenant: viewer.tenant,
      course,
      owner: viewer.owner,
      title: queryValue(request, 'title')?.trim().slice(0, 200) || originalName,
      originalName,
      size,
      type,
      status: 'PROCESSING',
      createdAt: new Date().toISOString(),
      uploadedBy: viewer.userId,
      reportedAt: null,
    };
    await store.write(record);
    processor.process(record);
    return reply.code(201).send({ uuid: id });
  });
};

/** `X-File-Name` is percent-encoded by the uploader page, as headers carry only Latin-1. */
function fileNameOf(header: string | string[] | undefined): string {
  const raw = typeof header === 'string' ? header : '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  return name.trim().slice(0, 255) || 'video';
}
