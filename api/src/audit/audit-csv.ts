import type { AuditLogDto } from './dto/audit-log.dto';

const COLUMNS: [header: string, value: (r: AuditLogDto) => string | number | null][] = [
  ['createdAt', (r) => new Date(r.createdAt).toISOString()],
  ['companyId', (r) => r.companyId],
  ['userId', (r) => r.userId],
  ['userName', (r) => r.userName],
  ['impersonatorId', (r) => r.impersonatorId],
  ['impersonatorName', (r) => r.impersonatorName],
  ['action', (r) => r.action],
  ['targetType', (r) => r.targetType],
  ['targetId', (r) => r.targetId],
  ['changes', (r) => (r.changes ? JSON.stringify(r.changes) : '')],
  ['method', (r) => r.method],
  ['path', (r) => r.path],
  ['ip', (r) => r.ip],
  ['userAgent', (r) => r.userAgent],
];

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: AuditLogDto[]): string {
  const lines = [COLUMNS.map(([h]) => h).join(','), ...rows.map((r) => COLUMNS.map(([, v]) => csvCell(v(r))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
