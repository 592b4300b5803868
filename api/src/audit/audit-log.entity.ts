import { Entity, Index, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One administrative write: who (and as whom), when, from where, what, to which record. Append-only: the application
 * only inserts (this entity has no update path) and a trigger refuses UPDATE and DELETE of its rows. Not tenant-scoped:
 * platform writes have no company; AuditService takes the scope as a required argument of every read.
 * No foreign keys: a deleted user or company keeps its trail (names are kept as they were at the time).
 */
@Entity({ tableName: 'audit_logs' })
@Index({ name: 'audit_logs_company_id_created_at_index', properties: ['companyId', 'createdAt'] })
@Index({ name: 'audit_logs_created_at_index', properties: ['createdAt'] })
export class AuditLog {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** The company whose data changed; null for a platform write (plans, helps, announcements). */
  @Property({ type: 'integer', nullable: true })
  companyId?: number | null;

  /** The acting user: the user of the session (the impersonated user when a super user acts as them). */
  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  @Property({ type: 'string', length: 255, nullable: true })
  userName?: string | null;

  /** The super user behind the session when it is an impersonation. */
  @Property({ type: 'integer', nullable: true })
  impersonatorId?: number | null;

  @Property({ type: 'string', length: 255, nullable: true })
  impersonatorName?: string | null;

  /** `<target>.<verb>`: `user.update`, `company.extend-due-date`, `impersonation.start`. */
  @Property({ type: 'string', length: 100 })
  action!: string;

  @Property({ type: 'string', length: 50 })
  targetType!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  targetId?: string | null;

  /** The fields the write sent, secrets redacted (audit-redact.ts). */
  @Property({ type: 'json', nullable: true })
  changes?: Record<string, unknown> | null;

  @Property({ type: 'string', length: 10, nullable: true })
  method?: string | null;

  @Property({ type: 'string', length: 500, nullable: true })
  path?: string | null;

  @Property({ type: 'string', length: 64, nullable: true })
  ip?: string | null;

  @Property({ type: 'string', length: 500, nullable: true })
  userAgent?: string | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
