import { and, eq, getTableColumns, ilike } from 'drizzle-orm';
import type { AuthSession } from '../../auth/auth-session';
import { owners, ownerOf } from '../../auth/tenancy';
import { refuseReservedVideoTenant, videoTenantOwner } from '../../auth/video-tenant';
import type { Database } from '../../db/client';
import { companies, tenants } from '../../db/schema';
import { invalidField } from '../../http/api-error';
import { defineResource, isoTimestamps, sortColumns } from '../../store/resource';
import { Company, companyBody } from '../../../contract/companies.schemas';
import { filterProperties } from '../../../contract/list-filters.schemas';

export const companiesResource = defineResource({
  entity: 'company',
  path: '/companies',
  access: { read: ['GLOBAL', 'TENANT'], write: ['GLOBAL', 'TENANT'], deletable: true },
  table: companies,
  owner: owners.companies,
  schemas: { title: 'Company', record: Company, body: companyBody, filters: filterProperties('companies') },
  rows: (db) =>
    db
      .select({ ...getTableColumns(companies), tenant: { id: tenants.id, name: tenants.name } })
      .from(companies)
      .innerJoin(tenants, eq(tenants.id, companies.tenantId))
      .$dynamic(),
  toRecord: isoTimestamps,
  sorts: sortColumns('companies', {
    id: companies.id,
    name: companies.name,
    createdAt: companies.createdAt,
    updatedAt: companies.updatedAt,
  }),
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(companies.name, search), ilike(companies.addressLine1, search)];
  },
  // The tenant is a GLOBAL admin's filter (`contract/list-fields.ts`); the others' companies are their tenant's anyway.
  filter: (session, { tenantId, countryCode }, bind) =>
    and(
      session.user.scope === 'GLOBAL' && tenantId ? eq(companies.tenantId, bind('tenantId', tenantId)) : undefined,
      countryCode ? eq(companies.countryCode, bind('countryCode', countryCode)) : undefined,
    ),
  values: async ({ db, session, body: { tenantId, ...fields }, existing }) => {
    refuseReservedVideoTenant(fields.vinapseTenant);
    return { ...fields, tenantId: await owningTenant(db, session, tenantId, existing?.tenantId) };
  },
  uniqueFields: videoTenantOwner,
  // Bulk delete (issue 29): a company still in use is skipped with the one-row delete's reason.
  bulk: { delete: true },
  inUse: { code: 'COMPANY_IN_USE', message: 'The company still has users, topics, contents or training plans' },
});

/** GLOBAL names the tenant (on update, omitted keeps it); everyone else creates in their own. */
async function owningTenant(db: Database, session: AuthSession, requested?: string, current?: string) {
  if (session.user.scope !== 'GLOBAL') {
    if (requested !== undefined) throw invalidField('tenantId', 'notAllowed', 'not allowed');
    return ownerOf(session).tenantId!;
  }
  const tenantId = requested ?? current;
  if (tenantId === undefined) throw invalidField('tenantId', 'required', 'is required');
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw invalidField('tenantId', 'notFound', 'not found');
  return tenant.id;
}
