import { leaveTenancyToTheDatabaseInTests } from '../../../../server/auth/tenancy';

// test/server/companies.test.ts again, with the API's own tenancy filter off: row-level security alone (see ../isolation-rls.test.ts).
leaveTenancyToTheDatabaseInTests();
await import('../../companies.test');
