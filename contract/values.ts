/**
 * The allowed values of the wire's enumerated fields, as plain constants: the schemas, the database's CHECK
 * constraints and the console's select fields all take them from here. No TypeBox, so the console may import it.
 */

/** The top-level resources, named as their paths under `/api/`. */
export const resourceNames = ['companies', 'tenants', 'users', 'topics', 'contents', 'training-plans'] as const;
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
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** What the audit log records (the Activity page filters by it). */
export const auditActions = ['CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT', 'ASSUME'] as const;
export type AuditAction = (typeof auditActions)[number];
/** What the audit log records actions on (the Activity page filters by it); `session` is a sign-in or sign-out. */
export const auditEntities = ['company', 'tenant', 'user', 'topic', 'content', 'training plan', 'module', 'item', 'session'] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** The languages a CSV export's header row is written in (`lang`); the first is the fallback. */
export const exportLanguages = ['en', 'it'] as const;
export type ExportLanguage = (typeof exportLanguages)[number];
