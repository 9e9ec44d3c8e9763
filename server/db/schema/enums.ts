export const scopes = ['GLOBAL', 'TENANT', 'COMPANY'] as const;
export type Scope = (typeof scopes)[number];

export const userStatuses = ['ACTIVE', 'PENDING'] as const;
export const languages = ['it', 'en'] as const;
export const topicStatuses = ['ACTIVE', 'PENDING'] as const;
export const contentTypes = ['Article', 'Podcast', 'Video'] as const;
export const renderTypes = ['INLINE', 'REFERENCE'] as const;
export const contentStatuses = ['DRAFT', 'PENDING_PROCESSING', 'READY', 'FAILED'] as const;
export const trainingPlanStatuses = ['DRAFT', 'PUBLISHED'] as const;
export const trainingPlanItemTypes = ['CONTENT', 'QUIZ'] as const;
export const auditActions = ['CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT', 'ASSUME'] as const;
export type AuditAction = (typeof auditActions)[number];
