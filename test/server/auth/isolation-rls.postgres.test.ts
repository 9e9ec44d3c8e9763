import { leaveTenancyToTheDatabaseInTests } from '../../../server/auth/tenancy';

// Runs only in the server:postgres project (see vite.config.ts). The isolation suite again, with the API's own
// tenancy filter dropped from every query: PostgreSQL's row-level security alone must keep every caller in its reach
// (0 leaks). test/server/db/row-level-security.postgres.test.ts shows that the same switch without row-level security does leak.
leaveTenancyToTheDatabaseInTests();
await import('./isolation-suite');
