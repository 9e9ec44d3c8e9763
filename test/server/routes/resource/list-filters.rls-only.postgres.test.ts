import { leaveTenancyToTheDatabaseInTests } from '../../../../server/auth/tenancy';

// list-filters.test.ts again, with the API's own tenancy filter off: row-level security alone keeps another tenant's
// company, another company's group or topic matching nothing (see test/server/auth/isolation-rls.postgres.test.ts).
leaveTenancyToTheDatabaseInTests();
await import('./list-filters.test');
