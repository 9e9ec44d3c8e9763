import { randomBytes } from 'node:crypto';
import type { StoreDemoStatements } from '../../db/seed-statements';
import { lrsCredentials } from '../../db/schema';
import { hashLrsSecret, newLrsCredential } from './lrs-credentials';
import { prepareStatement } from './statements';
import { authorityOf, storeStatements, type LrsCaller } from './xapi.routes';

/**
 * The demo data's statements (`db/seed-statements.ts`), stored as a learner app's would be: under a new credential of
 * the company whose secret is thrown away (nobody signs in with it), validated, kept, moving the enrolments.
 */
export const storeDemoStatements: StoreDemoStatements = async (tx, owner, label, statements) => {
  const { key } = newLrsCredential();
  const [credential] = await tx
    .insert(lrsCredentials)
    .values({ ...owner, label, key, secretHash: hashLrsSecret(key, randomBytes(32).toString('base64url')) })
    .returning({ id: lrsCredentials.id });
  if (!credential) throw new Error('The demo LRS credential was not created');
  const caller: LrsCaller = { credentialId: credential.id, ...owner, key, label };
  const stored = new Date();
  await storeStatements(
    tx,
    caller,
    statements.map((statement, index) => prepareStatement(statement, stored, authorityOf(caller), index)),
  );
};
