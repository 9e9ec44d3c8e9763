/** Allowed values of columns that never travel on the wire; those that do are in `contract/values.ts`. */
export const languages = ['it', 'en'] as const;
export { auditActions, type AuditAction } from '../../../contract/values';
