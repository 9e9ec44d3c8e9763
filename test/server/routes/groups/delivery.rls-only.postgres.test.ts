import { leaveTenancyToTheDatabaseInTests } from '../../../../server/auth/tenancy';

// delivery.test.ts again, with the API's own tenancy filter off: row-level security alone (see
// test/server/auth/isolation-rls.postgres.test.ts).
leaveTenancyToTheDatabaseInTests();
await import('./delivery.test');
