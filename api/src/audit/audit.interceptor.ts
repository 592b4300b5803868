import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import type { RequestWithContext } from '../common/access/request-context';
import { SETTING_DEFINITIONS } from '../tenant/settings/setting-keys';
import { auditOf, type AuditedRoute } from './audit-rules';
import { redactChanges } from './audit-redact';
import { AuditService, originOf } from './audit.service';

const SECRET_SETTINGS = new Set(SETTING_DEFINITIONS.filter((d) => d.secret).map((d) => d.key));

/**
 * Records every successful write of an audited route (api/src/common/http/audit.decorator.ts) after its handler answered,
 * that is after the write committed, and before the answer leaves, so a client that reads the log next finds it.
 * A failed write (an error answer) is not recorded; a failed record never fails the write (AuditService.record).
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const rule = auditOf(context.getClass(), context.getHandler());
    const req = context.switchToHttp().getRequest<Request & RequestWithContext>();
    if (!('audited' in rule) || !req.ctx) return next.handle();
    const ctx = req.ctx;
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await this.audit.record(ctx, entryOf(rule.audited, req, answer, ctx.companyId), originOf(req));
        return answer;
      }),
    );
  }
}

function entryOf(route: AuditedRoute, req: Request, answer: unknown, ownCompany: number) {
  const params = (req.params ?? {}) as Record<string, string>;
  const values = Object.values(params);
  const answered = answer && typeof answer === 'object' && 'id' in answer ? answer.id : undefined;
  const targetId = params.id ?? params.key ?? (values.length === 1 ? values[0] : undefined) ?? (answered as string | number | undefined) ?? null;
  const body = req.body as unknown;
  const file = (req as Request & { file?: { originalname?: string; size?: number } }).file;
  const changes = redactChanges(body, route.targetType === 'setting' && SECRET_SETTINGS.has(String(targetId)));
  const withFile = file ? { ...(changes ?? {}), file: { name: file.originalname ?? null, size: file.size ?? null } } : changes;
  // A write to a company is that company's (its admin sees what a super user did to it); other platform writes, no one's.
  const companyId = route.targetType === 'company' && targetId !== null ? Number(targetId) || null : route.scope === 'platform' ? null : ownCompany;
  return { action: route.action, targetType: route.targetType, targetId, companyId, changes: withFile };
}
