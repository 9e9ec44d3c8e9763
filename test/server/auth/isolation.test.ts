// The tenant and company isolation suite (isolation-suite.ts), with the API's own tenancy filter and, on PostgreSQL,
// row-level security together. test/server/auth/isolation-rls.postgres.test.ts runs it again with row-level security alone.
import './isolation-suite';
