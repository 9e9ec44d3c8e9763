import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../contract/errors.schemas';
import { UserImportBody, UserImportResponse } from '../../../contract/user-import.schemas';
import { allow } from '../resource/resource.routes';
import { usersResource } from './users.resource';
import { importUsers } from './user-import';

/** `POST /api/users/import`: one batch of a CSV import, for whoever may create users (each in their own reach). */
export const userImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/import',
    {
      onRequest: allow(usersResource.access.write),
      config: { idempotent: true },
      schema: {
        summary: 'Import a batch of users: each row created, skipped (email already in use) or failed (why), in one transaction',
        description:
          'Each row is checked with the rules of POST /api/users; the rows that pass are created together or not at all. ' +
          'A row whose email is already in use is skipped, so importing a file again creates nothing twice. ' +
          'dryRun: true checks the rows with reads only and writes nothing but its audit row (the preview); it does not look ' +
          "at addresses outside the caller's reach, which the import may still skip (rule `unavailable`). " +
          'Bulk work: one import batch (dry runs included) in flight per session, rows counted per session and per tenant; ' +
          '429 with Retry-After otherwise.',
        tags: ['users'],
        body: UserImportBody,
        response: { 200: UserImportResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      // One batch at a time per session, its rows (the addresses it checks) counted: `http/bulk-work.ts`.
      const end = await app.bulkWork.begin(request, reply, 'import', request.body.rows.length);
      try {
        return {
          dryRun: request.body.dryRun,
          results: await importUsers(request.db, request.session, request.body.rows, request.body.dryRun, {
            send: request.body.sendInvitations ?? false,
            language: request.body.language ?? 'en',
            services: app.storeServices,
          }),
        };
      } finally {
        await end();
      }
    },
  );
};
