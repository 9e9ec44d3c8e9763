/** Allowed values of columns that never travel on the wire; those that do are in `contract/values.ts`. */
export const languages = ['it', 'en'] as const;
export const auditActions = ['CREATE', 'UPDATE', 'DELETE', 'LOGIN', 'LOGOUT', 'ASSUME'] as const;
export type AuditAction = (typeof auditActions)[number];
