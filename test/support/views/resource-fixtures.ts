import type { ActivityEntry } from '../../../src/domain/activity';
import { fakeResource, record, type FakeRecord } from './fake-api';

const pad = (n: number) => String(n).padStart(2, '0');

/** Companies "Company 01" … "Company N" of tenant-1, in Milano. */
export const companyRecords = (count: number): FakeRecord[] =>
  Array.from({ length: count }, (_, index) =>
    record(`c${pad(index + 1)}`, {
      tenantId: 'tenant-1',
      tenant: { id: 'tenant-1', name: 'Acme Learning' },
      name: `Company ${pad(index + 1)}`,
      domain: null,
      vinapseTenant: null,
      taxId: `IT${pad(index + 1)}`,
      addressLine1: `Via Roma ${index + 1}`,
      addressLine2: null,
      postalCode: '20100',
      city: 'Milano',
      region: null,
      countryCode: 'IT',
      phone: null,
      email: null,
    }),
  );

export const companies = (count = 23) => fakeResource(companyRecords(count), ['name', 'addressLine1']);

export const tenantRecords = [
  record('tenant-1', { name: 'Acme Learning', domainName: 'acme.test', vinapseTenant: null, description: null, url: 'https://acme.test' }),
  record('tenant-2', { name: 'Beta Academy', domainName: null, vinapseTenant: null, description: null, url: null }),
];

export const tenants = () => fakeResource(tenantRecords, ['name', 'url']);

export const userRecords = [
  record('u1', {
    name: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.com',
    status: 'ACTIVE',
    enabled: true,
    scope: 'TENANT',
    admin: true,
    tenantId: 'tenant-1',
    companyId: null,
    tenant: { id: 'tenant-1', name: 'Acme Learning' },
    company: null,
  }),
  record('u2', {
    name: 'Bruno',
    surname: 'Bianchi',
    email: 'bruno@example.com',
    status: 'PENDING',
    enabled: false,
    scope: 'COMPANY',
    admin: false,
    tenantId: 'tenant-1',
    companyId: 'c01',
    tenant: { id: 'tenant-1', name: 'Acme Learning' },
    company: { id: 'c01', name: 'Company 01' },
  }),
];

export const users = () => fakeResource(userRecords, ['name', 'surname', 'email']);

/** One entry of the activity log: a TENANT admin changed the city of the company Zeta. */
export const activityEntry: ActivityEntry = {
  id: 'a1',
  at: '2026-11-24T01:00:00.000Z',
  action: 'UPDATE',
  entity: 'company',
  entityId: 'c1',
  entityName: 'Zeta',
  actor: { id: 'u1', name: 'Tomaso Rossi', email: 'tenant.admin@example.com', scope: 'TENANT' },
  system: null,
  assumedTenant: null,
  tenant: { id: 'tenant-1', name: 'Acme Learning' },
  company: { id: 'c1', name: 'Zeta' },
  changed: ['city'],
};
