import type { Database } from '../../db/client';
import type { LrsCaller } from './xapi.routes';
import type { PreparedStatement } from './statements';

/** Step 3 fills this in. */
export async function moveEnrolments(_db: Database, _caller: LrsCaller, _statements: PreparedStatement[]) {}
