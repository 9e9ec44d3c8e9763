import { and, eq } from 'drizzle-orm';
import type { AuthSession } from '../../auth/auth-session';
import { owners, ownerOf, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { companies, tenants, type User } from '../../db/schema';
import type { Scope } from '../../../contract/values';
import { invalidField } from '../../http/api-error';

export interface Placement {
  scope: Scope;
  tenantId: string | null;
  companyId: string | null;
}

const breadth: Record<Scope, number> = { GLOBAL: 0, TENANT: 1, COMPANY: 2 };

/**
 * Where a user created or updated by the caller belongs : a scope no wider than
 * the caller's, inside the caller's reach. GLOBAL picks the tenant or the company, TENANT a company of its tenant;
 * a COMPANY user's tenant is its company's. Anything else is a 400 on the field at fault, never a silent change.
 */
export async function placeUser(
  db: Database,
  session: AuthSession,
  requested: Partial<Placement>,
  existing?: Pick<User, 'scope' | 'tenantId' | 'companyId'>,
): Promise<Placement> {
  const scope = requested.scope ?? existing?.scope ?? session.user.scope;
  if (breadth[scope] < breadth[session.user.scope]) throw invalidField('scope', 'notAllowed', 'not allowed');
  if (scope === 'GLOBAL') {
    if (requested.tenantId) throw invalidField('tenantId', 'notAllowed', 'not allowed');
    if (requested.companyId) throw invalidField('companyId', 'notAllowed', 'not allowed');
    return { scope, tenantId: null, companyId: null };
  }
  if (scope === 'TENANT') {
    if (requested.companyId) throw invalidField('companyId', 'notAllowed', 'not allowed');
    const tenantId = requested.tenantId ?? existing?.tenantId ?? ownerOf(session).tenantId;
    if (!tenantId) throw invalidField('tenantId', 'required', 'is required');
    const [tenant] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), reachOf(session, owners.tenants)));
    if (!tenant) throw invalidField('tenantId', 'notFound', 'not found');
    return { scope, tenantId, companyId: null };
  }
  const companyId = requested.companyId ?? existing?.companyId ?? ownerOf(session).companyId;
  if (!companyId) throw invalidField('companyId', 'required', 'is required');
  const [company] = await db
    .select({ tenantId: companies.tenantId })
    .from(companies)
    .where(and(eq(companies.id, companyId), reachOf(session, owners.companies)));
  if (!company) throw invalidField('companyId', 'notFound', 'not found');
  if (requested.tenantId && requested.tenantId !== company.tenantId) throw invalidField('tenantId', 'notFound', 'not found');
  return { scope, tenantId: company.tenantId, companyId };
}
