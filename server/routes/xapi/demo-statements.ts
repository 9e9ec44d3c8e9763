import { createHash, randomBytes } from 'node:crypto';
import type { StoreDemoStatements } from '../../db/seed-statements';
import { lrsCredentials } from '../../db/schema';
import { hashLrsSecret, newLrsCredential } from './lrs-credentials';
import type { AttachmentPart } from './attachments';
import { prepareStatement } from './statements';
import { authorityOf, storeStatements, type LrsCaller } from './xapi.routes';

/**
 * The demo data's statements (`db/seed-statements.ts`), stored as a learner app's would be: under a new credential of
 * the company whose secret is thrown away (nobody signs in with it), validated, kept, moving the enrolments. Each
 * passed statement carries a certificate of completion as its attachment, as a learner app may send one.
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
  const parts: AttachmentPart[] = [];
  const withCertificates = statements.map((statement) => {
    const { actor, verb, object } = statement as { actor: { name?: string }; verb: { id: string }; object: { id: string } };
    if (!verb.id.endsWith('/passed')) return statement;
    const content = Buffer.from(`Certificate of completion\n${actor.name ?? ''} passed ${object.id}\n`);
    const sha2 = createHash('sha256').update(content).digest('hex');
    parts.push({ contentType: 'text/plain', hash: sha2, content });
    const usageType = 'http://id.tincanapi.com/attachment/certificate-of-completion';
    const attachment = {
      usageType,
      display: { 'en-US': 'Certificate of completion' },
      contentType: 'text/plain',
      length: content.length,
      sha2,
    };
    return { ...statement, attachments: [attachment] };
  });
  await storeStatements(
    tx,
    caller,
    withCertificates.map((statement, index) => prepareStatement(statement, stored, authorityOf(caller), index)),
    parts,
  );
};
