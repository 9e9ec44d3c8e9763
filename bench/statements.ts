import type { Logger } from 'drizzle-orm/logger';
import type { SqlConnection } from '../server/db/client';

export interface Statement {
  query: string;
  params: unknown[];
}

/** A query logger that keeps the statements sent while `record` runs, to replay them without the API. */
export function statementRecorder() {
  let recording: Statement[] | null = null;
  const logger: Logger = {
    logQuery: (query, params) => recording?.push({ query, params }),
  };
  return {
    logger,
    async record(work: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

export const run = (connection: SqlConnection, statement: Statement) => connection.query(statement.query, statement.params);
