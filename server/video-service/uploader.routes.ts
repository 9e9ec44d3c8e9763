import type { FastifyPluginAsync } from 'fastify';
import { messages } from './messages';
import { sendPage, uploaderErrorPage, uploaderPage } from './pages';
import { queryValue, requestLanguage, requestTenant } from './request-values';
import { ServiceError } from './service-error';
import type { VideoServiceContext } from './video-service-context';
import { requireCourse } from './video-tokens';

export const uploaderRoutes: FastifyPluginAsync<VideoServiceContext> = async (app, { consoleOrigin, maxBytes, tokens }) => {
  app.get('/upload', async (request, reply) => {
    const lang = requestLanguage(request);
    const token = queryValue(request, 'token');
    const courseId = queryValue(request, 'courseId');
    try {
      requireCourse(await tokens.verify(token, requestTenant(request)), courseId);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return sendPage(reply, error.statusCode, consoleOrigin, uploaderErrorPage(lang, messages[lang][error.code], consoleOrigin));
    }
    const title = queryValue(request, 'title')?.trim().slice(0, 200) ?? '';
    const uploadUrl = `/videos?${new URLSearchParams({ courseId: courseId ?? '', ...(title ? { title } : {}) })}`;
    const page = uploaderPage({
      lang,
      title: title || messages[lang].uploadTitle,
      consoleOrigin,
      uploadUrl,
      token: token ?? '',
      maxBytes,
    });
    return sendPage(reply, 200, consoleOrigin, page);
  });
};
