export * from './tenants';
export * from './companies';
export * from './users';
export * from './sessions';
export * from './login-throttle';
export * from './topics';
export * from './contents';
export * from './content-topics';
export * from './training-plans';
export * from './training-plan-modules';
export * from './training-plan-items';
export * from './audit-log';
export * from './app-settings';
export * from './rate-limit-counters';
export * from './idempotency-keys';
export * from './bulk-work-claims';
export * from './list-cache';
// Quizzes (issue 28)
export * from './quizzes';
export * from './quiz-topics';
export * from './quiz-versions';
export * from './quiz-attempts';
// Accounts that run themselves (issue 30): one-time links, two-factor sign-in.
export * from './account-tokens';
export * from './two-factor';
// Learning delivery (issue 27): groups, assignments, enrolments.
export * from './groups';
export * from './enrolments';
// The Learning Record Store (issue 27): credentials, statements, the items a learner has done.
export * from './lrs-credentials';
export * from './xapi-statements';
// Saved views (issue 29): a user's names for a list's address.
export * from './saved-views';
