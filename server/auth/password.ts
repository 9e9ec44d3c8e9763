import { hash, verify } from '@node-rs/argon2';

const owaspArgon2id = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const hashOfNoPassword = '$argon2id$v=19$m=19456,t=2,p=1$33YsuDNcb25vb0ltelu6PA$3qq9diB7zmC9ajv6RVIpz47meXo3jiqhXd8aU0zTyOk';

export function hashPassword(password: string): Promise<string> {
  return hash(password, owaspArgon2id);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const matches = await verify(passwordHash ?? hashOfNoPassword, password);
  return passwordHash !== null && matches;
}
