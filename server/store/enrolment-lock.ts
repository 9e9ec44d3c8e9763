import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Takes the company's lock on who its plans reach (migration 0020's `lock_company_enrolments`) now, until the write
 * commits. A delete of a group or user calls it after locking its own row and before its cascades: the cascade then
 * deletes memberships and assignments (each a child of both a group and a user) already holding it, so two such deletes
 * never each hold a membership row the other one's trigger waits behind.
 */
export async function lockCompanyEnrolments(db: Database, companyId: string | null) {
  if (companyId !== null) await db.execute(sql`select lock_company_enrolments(${companyId}::uuid)`);
}
