import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler';

/**
 * The built console: each file as the build compressed it (brotli, else gzip, else as it is, with
 * `Vary: Accept-Encoding`), fingerprinted assets cached for good, everything else revalidated on every load. One
 * route per file of the build (read at start), so that the files other than the page get the headers of a file
 * (`staticFileHeaders` of security-headers.ts), the page those of a document.
 */
export async function serveConsole(app: FastifyInstance, staticDir: string) {
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const fingerprinted = /[\\/]assets[\\/]/.test(filePath);
      reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export function notFoundHandler(staticDir: string | undefined) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (staticDir && isConsoleNavigation(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, undefined, 'ROUTE_NOT_FOUND'));
  };
}

function isConsoleNavigation(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  const isApi = path === '/api' || path.startsWith('/api/');
  return (request.method === 'GET' || request.method === 'HEAD') && !isApi && request.headers.accept?.includes('text/html');
}
