import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import type { Request } from 'express';
import { AppError, CommonError } from '../common/http/errors';
import type { RequestContext } from '../common/access/request-context';
import { tenantSql } from '../common/tenancy/tenant-sql';
import { actorNames } from './audit.queries';
import { AuditLog } from './audit-log.entity';
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, AuditLogPageDto, ListAuditLogsDto, mapAuditLog } from './dto/audit-log.dto';
import { toCsv } from './audit-csv';

/** One administrative write, as its caller describes it; who acted comes from the request context. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  /** The company whose data changed; defaults to the caller's; null for a platform write. */
  companyId?: number | null;
  changes?: Record<string, unknown> | null;
}

/** Where a request came from, kept with its row. */
export interface AuditOrigin {
  method?: string;
  path?: string;
  ip?: string | null;
  userAgent?: string | null;
}

export const originOf = (req: Request): AuditOrigin => ({
  method: req.method,
  path: req.originalUrl.split('?')[0].slice(0, 500),
  ip: req.ip ?? null,
  userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
});

/**
 * The audit log: written after the write it records has committed (see api/src/audit/README.md), by the global
 * AuditInterceptor for routes and directly for the few writes that are not one route's (impersonation).
 * Reading takes the caller's scope: a company admin reads their company's rows, a super user every row.
 */
@Injectable()
export class AuditService {
  private readonly log = new Logger('Audit');

  constructor(private readonly em: EntityManager) {}

  /**
   * Records one write. Never throws: the write it records has already happened, and must not be answered as failed
   * because its record could not be written; the failure is logged with the whole entry so it can be recovered.
   */
  async record(ctx: RequestContext, entry: AuditEntry, origin: AuditOrigin = {}): Promise<void> {
    try {
      const names = await actorNames(tenantSql(this.em, ctx.companyId), ctx.userId, ctx.impersonatorId ?? 0);
      const em = this.em.fork();
      em.create(AuditLog, {
        companyId: entry.companyId === undefined ? ctx.companyId : entry.companyId,
        userId: ctx.userId,
        userName: names?.user_name ?? null,
        impersonatorId: ctx.impersonatorId ?? null,
        impersonatorName: ctx.impersonatorId ? (names?.impersonator_name ?? null) : null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId === null || entry.targetId === undefined ? null : String(entry.targetId).slice(0, 64),
        changes: entry.changes ?? null,
        method: origin.method ?? null,
        path: origin.path ?? null,
        ip: origin.ip ?? null,
        userAgent: origin.userAgent ?? null,
      });
      await em.flush();
    } catch (e) {
      this.log.error(
        `Audit row not written: ${JSON.stringify({ ctx: { userId: ctx.userId, companyId: ctx.companyId, impersonatorId: ctx.impersonatorId }, entry, origin })}: ${String(e)}`,
      );
    }
  }

  async list(ctx: RequestContext, query: ListAuditLogsDto): Promise<AuditLogPageDto> {
    const page = query.pageNumber ?? 1;
    const [rows, count] = await this.em.findAndCount(AuditLog, this.where(ctx, query), {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    });
    return { records: rows.map(mapAuditLog), count, hasMore: page * AUDIT_PAGE_SIZE < count };
  }

  /** The filtered rows as CSV (newest first, at most AUDIT_EXPORT_MAX), in the same scope as the list. */
  async exportCsv(ctx: RequestContext, query: ListAuditLogsDto): Promise<string> {
    const rows = await this.em.find(AuditLog, this.where(ctx, query), { orderBy: { createdAt: 'desc', id: 'desc' }, limit: AUDIT_EXPORT_MAX });
    return toCsv(rows.map(mapAuditLog));
  }

  /** The caller's scope first: a company admin names no other company; a super user may name one, or none for all. */
  private where(ctx: RequestContext, query: ListAuditLogsDto): FilterQuery<AuditLog> {
    if (!ctx.super && query.companyId !== undefined && query.companyId !== ctx.companyId) {
      throw new AppError(CommonError.ERR_NO_PERMISSION, "Only super users read another company's audit log");
    }
    const where: FilterQuery<AuditLog> & Record<string, unknown> = {};
    if (!ctx.super) where.companyId = ctx.companyId;
    else if (query.companyId !== undefined) where.companyId = query.companyId;
    if (query.userId !== undefined) where.$or = [{ userId: query.userId }, { impersonatorId: query.userId }];
    if (query.action) where.action = query.action.endsWith('.') ? { $like: `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } : query.action;
    const createdAt: Record<string, Date> = {};
    if (query.from) createdAt.$gte = new Date(query.from);
    if (query.to) createdAt.$lt = new Date(query.to);
    if (Object.keys(createdAt).length) where.createdAt = createdAt;
    return where;
  }
}
