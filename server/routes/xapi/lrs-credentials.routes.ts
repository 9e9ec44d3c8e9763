import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { listResponse } from '../../../contract/common.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { LrsCredential, LrsCredentialBody, LrsCredentialCreated, LrsCredentialParams } from '../../../contract/lrs.schemas';
import { recordAudit } from '../../audit/audit-log';
import { companyOwnerOf, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { lrsCredentials, users } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { allow } from '../resource/resource.routes';
import { hashLrsSecret, newLrsCredential } from './lrs-credentials';

const credentialOwner = { tenant: lrsCredentials.tenantId, company: lrsCredentials.companyId };
export { credentialOwner as lrsCredentialOwner };

const createdByName = sql<
  string | null
>`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${lrsCredentials.createdBy})`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function readCredentials(db: Database, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      id: lrsCredentials.id,
      createdAt: lrsCredentials.createdAt,
      label: lrsCredentials.label,
      key: lrsCredentials.key,
      createdBy: lrsCredentials.createdBy,
      createdByName,
      revokedAt: lrsCredentials.revokedAt,
      lastUsedAt: lrsCredentials.lastUsedAt,
    })
    .from(lrsCredentials)
    .where(where)
    .orderBy(desc(lrsCredentials.createdAt), desc(lrsCredentials.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  }));
}

/**
 * The Learning Record Store's credentials (issue 27): `GET/POST /lrs-credentials`, `DELETE /lrs-credentials/:id`
 * (revokes: the row stays, listed with its `revokedAt`, and is refused from then on). COMPANY admins only; the POST
 * answers the secret once (only its hash is stored), so it takes no `Idempotency-Key`: a replayed answer would have
 * to keep the secret. Creates and revocations are audited (entity `lrs credential`).
 */
export const lrsCredentialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['lrs'];

  app.get(
    '',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: "List the company's LRS credentials (revoked ones too), newest first; never their secrets",
        tags,
        response: { 200: listResponse('LrsCredential', LrsCredential), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const items = await readCredentials(request.db, and(reachOf(request.session, credentialOwner)));
      return { items, total: items.length, totalIsEstimate: false };
    },
  );

  app.post(
    '',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'Create an LRS credential: its key and secret (HTTP Basic) are answered once; only a hash of the secret is kept',
        tags,
        body: LrsCredentialBody,
        response: { 201: LrsCredentialCreated, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      const owner = companyOwnerOf(session);
      const { key, secret } = newLrsCredential();
      const record = await request.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(lrsCredentials)
          .values({ ...owner, label: request.body.label.trim(), key, secretHash: hashLrsSecret(key, secret), createdBy: session.user.id })
          .returning({ id: lrsCredentials.id });
        await recordAudit(tx, session, {
          action: 'CREATE',
          entity: 'lrs credential',
          entityId: row!.id,
          owner,
          details: { changed: ['label'] },
        });
        const [stored] = await readCredentials(tx, and(eq(lrsCredentials.id, row!.id)));
        return stored!;
      });
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ ...record, secret });
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'Revoke an LRS credential: from now on its requests are refused (401); it stays listed',
        tags,
        params: LrsCredentialParams,
        response: { 204: Type.Null({ description: 'Revoked' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      await request.db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(lrsCredentials)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(lrsCredentials.id, request.params.id), isNull(lrsCredentials.revokedAt), reachOf(session, credentialOwner)))
          .returning({ id: lrsCredentials.id, tenantId: lrsCredentials.tenantId, companyId: lrsCredentials.companyId });
        if (!revoked) throw notFound('LRS credential not found', 'LRS_CREDENTIAL_NOT_FOUND');
        await recordAudit(tx, session, {
          action: 'UPDATE',
          entity: 'lrs credential',
          entityId: revoked.id,
          owner: revoked,
          details: { changed: ['revokedAt'] },
        });
      });
      return reply.code(204).send(null);
    },
  );
};
