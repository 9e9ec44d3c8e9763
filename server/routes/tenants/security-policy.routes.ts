import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { owners, reachOf } from '../../auth/tenancy';
import { platformRequiresTwoFactor, setPlatformRequiresTwoFactor } from '../../auth/two-factor';
import { recordAudit } from '../../audit/audit-log';
import { tenants } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { IdParams } from '../../../contract/common.schemas';
import { SecurityPolicy, SecurityPolicyBody } from '../../../contract/account-security.schemas';
import { allow } from '../resource/resource.routes';

const tenantNotFound = () => notFound('Tenant not found', 'TENANT_NOT_FOUND');

/**
 * Who must sign in with a second factor, set by a GLOBAL admin: every admin of a tenant (TENANT and COMPANY admins of
 * it), or the platform's own admins (GLOBAL). It holds from each admin's next sign-in: one without an authenticator is
 * then asked to set one up right after the password, before any session exists.
 */
export const securityPolicyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tenants/:id/security-policy',
    {
      onRequest: allow(['GLOBAL', 'TENANT']),
      schema: {
        summary: "A tenant's security policy: whether its admins must use two-factor sign-in (GLOBAL, and the tenant's own TENANT admins)",
        tags: ['tenants'],
        params: IdParams,
        response: { 200: SecurityPolicy, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [tenant] = await request.db
        .select({ requireTwoFactor: tenants.requireTwoFactor })
        .from(tenants)
        .where(and(eq(tenants.id, request.params.id), reachOf(request.session, owners.tenants)));
      if (!tenant) throw tenantNotFound();
      return tenant;
    },
  );

  app.put(
    '/tenants/:id/security-policy',
    {
      onRequest: allow(['GLOBAL']),
      schema: {
        summary: 'Require (or stop requiring) two-factor sign-in of every admin of a tenant (GLOBAL admins only)',
        tags: ['tenants'],
        params: IdParams,
        body: SecurityPolicyBody,
        response: { 200: SecurityPolicy, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { requireTwoFactor } = request.body;
      return request.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ requireTwoFactor: tenants.requireTwoFactor })
          .from(tenants)
          .where(eq(tenants.id, request.params.id))
          .for('update');
        if (!before) throw tenantNotFound();
        if (before.requireTwoFactor !== requireTwoFactor) {
          await tx.update(tenants).set({ requireTwoFactor }).where(eq(tenants.id, request.params.id));
          await recordAudit(tx, request.session, {
            action: 'UPDATE',
            entity: 'tenant',
            entityId: request.params.id,
            owner: { tenantId: request.params.id, companyId: null },
            details: { changed: ['requireTwoFactor'] },
          });
        }
        return { requireTwoFactor };
      });
    },
  );

  app.get(
    '/platform/security-policy',
    {
      onRequest: allow(['GLOBAL']),
      schema: {
        summary: "The platform's security policy: whether GLOBAL admins must use two-factor sign-in",
        tags: ['platform'],
        response: { 200: SecurityPolicy, ...errorResponses(401, 403) },
      },
    },
    async () => ({ requireTwoFactor: await platformRequiresTwoFactor(app.db) }),
  );

  app.put(
    '/platform/security-policy',
    {
      onRequest: allow(['GLOBAL']),
      schema: {
        summary: 'Require (or stop requiring) two-factor sign-in of every GLOBAL admin',
        tags: ['platform'],
        body: SecurityPolicyBody,
        response: { 200: SecurityPolicy, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { requireTwoFactor } = request.body;
      await app.db.transaction(async (tx) => {
        if ((await platformRequiresTwoFactor(tx)) === requireTwoFactor) return;
        await setPlatformRequiresTwoFactor(tx, requireTwoFactor);
        await recordAudit(tx, request.session, {
          action: 'UPDATE',
          entity: 'platform',
          entityId: null,
          owner: { tenantId: null, companyId: null },
          details: { changed: ['requireTwoFactor'] },
        });
      });
      return { requireTwoFactor };
    },
  );
};
