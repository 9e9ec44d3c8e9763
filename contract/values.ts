/**
 * The allowed values of the wire's enumerated fields, as plain constants: the schemas, the database's CHECK
 * constraints and the console's select fields all take them from here. No TypeBox, so the console may import it.
 */

/** The top-level resources, named as their paths under `/api/`. */
export const resourceNames = ['companies', 'tenants', 'users', 'topics', 'contents', 'training-plans', 'quizzes', 'groups'] as const;
export type ResourceName = (typeof resourceNames)[number];

export const scopes = ['GLOBAL', 'TENANT', 'COMPANY'] as const;
export type Scope = (typeof scopes)[number];

/** ACTIVE once the user has a password. */
export const userStatuses = ['ACTIVE', 'PENDING'] as const;
export const topicStatuses = ['ACTIVE', 'PENDING'] as const;
export const contentTypes = ['Article', 'Podcast', 'Video'] as const;
/** INLINE content carries its text; REFERENCE content is a video at the video service. */
export const renderTypes = ['INLINE', 'REFERENCE'] as const;
/** DRAFT until a video is attached, PENDING_PROCESSING while the video service works on it, then READY or FAILED. */
export const contentStatuses = ['DRAFT', 'PENDING_PROCESSING', 'READY', 'FAILED'] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const trainingPlanStatuses = ['DRAFT', 'PUBLISHED'] as const;
export type TrainingPlanStatus = (typeof trainingPlanStatuses)[number];
export const itemTypes = ['CONTENT', 'QUIZ'] as const;
export type ItemType = (typeof itemTypes)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** What the audit log records (the Activity page filters by it). */
export const auditActions = ['CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT', 'ASSUME', 'PREVIEW'] as const;
export type AuditAction = (typeof auditActions)[number];
/** What the audit log records actions on (the Activity page filters by it); `session` is a sign-in or sign-out. */
export const auditEntities = [
  'company',
  'tenant',
  'user',
  'topic',
  'content',
  'training plan',
  'module',
  'item',
  'session',
  'quiz',
  'group',
  'assignment',
  'lrs credential',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

// Quizzes (catalogue entries that QUIZ items point at): see contract/quizzes.schemas.ts.
/** DRAFT while it is written; READY (it has at least one question) when learners may take it. */
export const quizStatuses = ['DRAFT', 'READY'] as const;
export type QuizStatus = (typeof quizStatuses)[number];
export const questionTypes = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TRUE_FALSE', 'SHORT_ANSWER', 'NUMERIC'] as const;
export type QuestionType = (typeof questionTypes)[number];
/** How a multiple-choice question scores: every answer right or nothing, or a share per right answer less one per wrong. */
export const multipleChoiceScorings = ['ALL_OR_NOTHING', 'PARTIAL'] as const;
export type MultipleChoiceScoring = (typeof multipleChoiceScorings)[number];
/** How a question was answered: every point, some (partial credit), none, or not answered at all. */
export const questionOutcomes = ['CORRECT', 'PARTIAL', 'INCORRECT', 'UNANSWERED'] as const;
export type QuestionOutcome = (typeof questionOutcomes)[number];
/** What became of one item of an imported QTI package. */
export const qtiItemOutcomes = ['IMPORTED', 'IMPORTED_WITH_CHANGES', 'SKIPPED'] as const;
export type QtiItemOutcome = (typeof qtiItemOutcomes)[number];
/** The second step a sign-in may need after the password (issue 30): a code, or setting up an authenticator first. */
export const signInSteps = ['TWO_FACTOR', 'TWO_FACTOR_SETUP'] as const;
export type SignInStep = (typeof signInSteps)[number];
/** The languages the console speaks, and its mails are written in. */
export const userLanguages = ['it', 'en'] as const;
export type UserLanguage = (typeof userLanguages)[number];
/** The languages a CSV export's header row is written in (`lang`); the first is the fallback. */
export const exportLanguages = ['en', 'it'] as const;
export type ExportLanguage = (typeof exportLanguages)[number];

// Learning delivery (issue 27): see contract/delivery.schemas.ts.
/** What a plan is assigned to: named users, a group's members, or every user of the company. */
export const assignmentTargets = ['USER', 'GROUP', 'COMPANY'] as const;
export type AssignmentTarget = (typeof assignmentTargets)[number];
/**
 * Where a learner is with a plan: derived from the learning records (xAPI statements, to come) and the due date;
 * OVERDUE is a due date passed without completion.
 */
export const enrolmentStatuses = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'OVERDUE'] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];

/** The completion reports (issue 27): `GET /reports/{name}`. */
export const reportNames = ['companies', 'plans', 'groups'] as const;
export type ReportName = (typeof reportNames)[number];
