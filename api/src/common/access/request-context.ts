import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { CompanyId } from '../tenancy/company-id';
import type { Profile } from './vocabulary';
import type { Permission, PlanFeatures } from './permissions';

/** Who is calling, derived from the verified token and the database; the first argument of every service call. */
export interface RequestContext {
  userId: number;
  companyId: CompanyId;
  profile: Profile;
  super: boolean;
  permissions: ReadonlySet<Permission>;
  features: PlanFeatures;
  /** Set when a super user acts as this user. */
  impersonatorId?: number;
  /** The refresh-token family of this session. */
  sessionId?: string;
  /** Set for a partner-minted session (kind `embed`): its embed_sessions row, and the embed key it came through. */
  embedSessionId?: string;
  embedKeyId?: number;
  tokenVersion: number;
  /** The company's due date has passed (beyond the grace days): only `whenExpired` routes answer. */
  subscriptionExpired: boolean;
}

export interface RequestWithContext {
  ctx?: RequestContext;
}

export const Ctx = createParamDecorator((_: unknown, host: ExecutionContext): RequestContext => {
  const ctx = host.switchToHttp().getRequest<RequestWithContext>().ctx;
  if (!ctx) throw new Error('@Ctx() used on a route without an authenticated context');
  return ctx;
});

export function can(ctx: RequestContext, permission: Permission): boolean {
  return ctx.permissions.has(permission);
}
