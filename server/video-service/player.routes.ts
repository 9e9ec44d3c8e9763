import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { parseByteRange } from './byte-range';
import { messages } from './messages';
import { playerMessagePage, playerPage, sendPage } from './pages';
import { queryValue, requestLanguage, requestTenant } from './request-values';
import { ServiceError } from './service-error';
import type { VideoServiceContext } from './video-service-context';
import { requireCourse, requireOwner, type Viewer } from './video-tokens';

const processingRefreshSeconds = 10;

export const playerRoutes: FastifyPluginAsync<VideoServiceContext> = async (app, { consoleOrigin, store, tokens }) => {
  app.get<{ Params: { courseId: string; lectureId: string } }>('/course/:courseId/watch/:lectureId', async (request, reply) => {
    const lang = requestLanguage(request);
    const text = messages[lang];
    const { courseId, lectureId } = request.params;
    const showMessage = (statusCode: number, heading: string, message: string, refreshSeconds?: number) =>
      sendPage(reply, statusCode, consoleOrigin, playerMessagePage(lang, heading, message, refreshSeconds));

    let viewer: Viewer;
    try {
      viewer = await tokens.verify(queryValue(request, 'token'), requestTenant(request));
      requireCourse(viewer, courseId);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return showMessage(error.statusCode, text.cannotOpen, text[error.code]);
    }
    const record = await store.read(viewer.tenant, lectureId);
    if (!record || record.course !== courseId || (record.owner && record.owner !== viewer.owner)) {
      return showMessage(404, text.unavailable, text.notFound);
    }
    if (record.status === 'PROCESSING') {
      return showMessage(200, text.processing, text.processingHint, processingRefreshSeconds);
    }
    if (record.status === 'FAILED') return showMessage(200, text.unavailable, text.failed);
    const source = `/media/${record.id}?${new URLSearchParams({ token: await tokens.mediaToken(viewer, record.id) })}`;
    return sendPage(reply, 200, consoleOrigin, playerPage(lang, record.title, source));
  });

  app.get<{ Params: { lectureId: string } }>('/media/:lectureId', async (request, reply) => {
    const { lectureId } = request.params;
    const viewer = await tokens.verify(queryValue(request, 'token'), requestTenant(request), lectureId);
    const record = await store.read(viewer.tenant, lectureId);
    if (!record) throw new ServiceError(404, 'notFound');
    requireOwner(viewer, record);
    requireCourse(viewer, record.course);
    if (record.status !== 'READY') throw new ServiceError(409, 'notReady');

    reply.headers({ 'accept-ranges': 'bytes', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
    const range = parseByteRange(request.headers.range, record.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${record.size}`);
      throw new ServiceError(416, 'rangeNotSatisfiable');
    }
    const { start, end } = range ?? { start: 0, end: record.size - 1 };
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${record.size}`);
    return reply
      .header('content-type', record.type)
      .header('content-length', end - start + 1)
      .send(createReadStream(store.videoFile(record.tenant, record.id), { start, end }));
  });
};
