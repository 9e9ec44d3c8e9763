import { leaveTenancyToTheDatabaseInTests } from '../../../../server/auth/tenancy';

// xapi.test.ts again, with the API's own tenancy filter off: row-level security alone keeps each company's store and
// enrolments its own (see test/server/auth/isolation-rls.postgres.test.ts).
leaveTenancyToTheDatabaseInTests();
await import('./xapi.test');
