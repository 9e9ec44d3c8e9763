import { leaveTenancyToTheDatabaseInTests } from '../../../../server/auth/tenancy';

// xapi-attachments.test.ts again, with the API's own tenancy filter off: row-level security alone keeps each
// company's attachments its own.
leaveTenancyToTheDatabaseInTests();
await import('./xapi-attachments.test');
