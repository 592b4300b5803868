// The audit log (/audit for company admins and super users): the screen and its data hooks (GET /audit-logs, CSV).
export { AuditLog, type AuditLogProps } from './AuditLog/AuditLog';
export { auditKeys, useAuditExport, useAuditLogs, type AuditLogDto, type AuditLogFilters } from './data/audit';
