import { eq, type SQL } from 'drizzle-orm';
import { inline, type Bind } from '../db/prepared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  companies,
  contents,
  enrolmentCompletionDays,
  enrolmentCounts,
  enrolments,
  groups,
  planAssignments,
  quizzes,
  tenants,
  topics,
  trainingPlans,
  users,
} from '../db/schema';
import type { AuthSession } from './auth-session';

/** The columns naming the tenant and the company that own a row; tables above company level have no company column. */
export interface OwnerColumns {
  tenant: AnyPgColumn;
  company?: AnyPgColumn;
}

/** Who owns the rows of each tenant-owned table. */
export const owners = {
  tenants: { tenant: tenants.id },
  companies: { tenant: companies.tenantId, company: companies.id },
  users: { tenant: users.tenantId, company: users.companyId },
  topics: { tenant: topics.tenantId, company: topics.companyId },
  contents: { tenant: contents.tenantId, company: contents.companyId },
  trainingPlans: { tenant: trainingPlans.tenantId, company: trainingPlans.companyId },
  quizzes: { tenant: quizzes.tenantId, company: quizzes.companyId },
  groups: { tenant: groups.tenantId, company: groups.companyId },
  planAssignments: { tenant: planAssignments.tenantId, company: planAssignments.companyId },
  enrolments: { tenant: enrolments.tenantId, company: enrolments.companyId },
  enrolmentCounts: { tenant: enrolmentCounts.tenantId, company: enrolmentCounts.companyId },
  enrolmentCompletionDays: { tenant: enrolmentCompletionDays.tenantId, company: enrolmentCompletionDays.companyId },
} satisfies Record<string, OwnerColumns>;

export interface Owner {
  tenantId: string | null;
  companyId: string | null;
}

let applicationFilter = true;

/**
 * Tests only: drops the condition below from every query, leaving tenancy to PostgreSQL's row-level security alone
 * (test/server/postgres/isolation-rls.test.ts proves it holds by itself). No setting reaches it: nothing in the server
 * calls it, and it refuses to run outside Vitest.
 */
export function leaveTenancyToTheDatabaseInTests() {
  if (!process.env.VITEST) throw new Error('The application tenancy filter is only ever disabled in tests');
  applicationFilter = false;
}

/**
 * The condition every query of an owned table carries: nothing for GLOBAL, the tenant for TENANT
 * (which also leaves out GLOBAL users, who have no tenant), the company for COMPANY. On PostgreSQL the tables'
 * policies (migration 0007) hold the same reach a second time.
 */
export function reachOf(session: AuthSession, owner: OwnerColumns, bind: Bind = inline): SQL | undefined {
  const { scope, tenantId, companyId } = session.user;
  if (scope === 'GLOBAL' || !applicationFilter) return undefined;
  if (scope === 'COMPANY' && owner.company) return eq(owner.company, bind('reachCompany', present(companyId)));
  return eq(owner.tenant, bind('reachTenant', present(tenantId)));
}

/** The tenant and company a record created by the caller belongs to; GLOBAL callers own neither and must choose. */
export function ownerOf(session: AuthSession): Owner {
  const { tenantId, companyId } = session.user;
  return { tenantId, companyId };
}

/** The owner of a record created by a COMPANY caller (catalogue and training plans belong to a company). */
export function companyOwnerOf(session: AuthSession): { tenantId: string; companyId: string } {
  const { tenantId, companyId } = session.user;
  return { tenantId: present(tenantId), companyId: present(companyId) };
}

function present(id: string | null): string {
  if (id === null) throw new Error('A scoped session has no organisation');
  return id;
}
