import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabaseTarget =
  | { kind: 'pglite'; templateDir: string; runDir: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string; namePrefix: string; runDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

export function databaseUrl(adminUrl: string, databaseName: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

export async function withAdminConnection<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
