import { ilike } from 'drizzle-orm';
import { owners } from '../../auth/tenancy';
import { refuseReservedVideoTenant, videoTenantOwner } from '../../auth/video-tenant';
import { tenants } from '../../db/schema';
import { defineResource, isoTimestamps, sortColumns } from '../../store/resource';
import { Tenant, tenantBody } from '../../../contract/tenants.schemas';

export const tenantsResource = defineResource({
  entity: 'tenant',
  path: '/tenants',
  access: { read: ['GLOBAL', 'TENANT'], write: ['GLOBAL'], deletable: false },
  table: tenants,
  owner: owners.tenants,
  schemas: { title: 'Tenant', record: Tenant, body: tenantBody, filters: {} },
  rows: (db) => db.select().from(tenants).$dynamic(),
  toRecord: isoTimestamps,
  sorts: sortColumns('tenants', { id: tenants.id, name: tenants.name, createdAt: tenants.createdAt, updatedAt: tenants.updatedAt }),
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(tenants.name, search), ilike(tenants.url, search)];
  },
  values: async ({ body }) => {
    refuseReservedVideoTenant(body.vinapseTenant);
    return body;
  },
  uniqueFields: videoTenantOwner,
});
