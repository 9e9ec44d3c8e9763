import { hashPassword } from './auth/password';
import type { DemoSeedServices } from './db/seed';
import { storeDemoStatements } from './routes/xapi/demo-statements';

/** The services the demo data is seeded with: passwords hashed as the server hashes them, statements stored by the LRS. */
export const demoSeedServices: DemoSeedServices = { hashPassword, storeStatements: storeDemoStatements };
