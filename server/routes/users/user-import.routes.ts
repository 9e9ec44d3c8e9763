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
          'dryRun: true answers the same results and writes nothing (the preview).',
        tags: ['users'],
        body: UserImportBody,
        response: { 200: UserImportResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      dryRun: request.body.dryRun,
      results: await importUsers(request.db, request.session, request.body.rows, request.body.dryRun, {
        send: request.body.sendInvitations ?? false,
        language: request.body.language ?? 'en',
        services: app.storeServices,
      }),
    }),
  );
};
