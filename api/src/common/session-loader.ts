import { asCompanyId, type CompanyId } from './company-id';
import { tenantSql } from '../database/tenant-sql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { addDays, todayIn } from './calendar-date';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Profile } from './vocabulary';
import { PLAN_FEATURES, computePermissions, planFeatures, type PlanFeatures } from './permissions';
import { AppError, CommonError } from './errors';
import type { RequestContext } from './request-context';
import type { AccessTokenClaims } from './token.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const featureColumns = PLAN_FEATURES.map((f) => `p."${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}" as "${f}"`).join(', ');

/**
 * Turns verified claims into a RequestContext with one query, checking that the session still stands:
 * the user exists, the token's version is current and the company is active.
 * Shared by the HTTP guard and the socket gateway.
 */
/** Whether a due date has passed, in the company's calendar, by more than the grace days. No due date: never. */
export function subscriptionExpired(dueDate: string | Date | null | undefined, timeZone: string, graceDays: number, now = new Date()): boolean {
  if (!dueDate) return false;
  const due = typeof dueDate === 'string' ? dueDate.slice(0, 10) : dueDate.toISOString().slice(0, 10);
  return addDays(due, graceDays) < todayIn(timeZone, now);
}

@Injectable()
export class SessionLoader {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async load(claims: AccessTokenClaims): Promise<RequestContext> {
    // The token's signature vouches for its company claim; the row must still agree with it.
    const rows = await tenantSql(this.em, asCompanyId(claims.cid)).prepared<{
      id: number;
      company_id: number;
      profile: Profile;
      super: boolean;
      token_version: number;
      status: boolean;
      due_date: string | null;
      timezone: string;
      impersonator_version: number | null;
      family_live: boolean;
    }>(
      'session',
      // An impersonation lasts as long as the impersonator's own session (their version), whatever the user does.
      `select u.id, u.company_id, u.profile, u.super, u.token_version, c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.timezone,
              (select i.token_version from users i where i.id = ? and i.super) as impersonator_version,
              exists (select 1 from refresh_tokens r where r.family = ?::uuid and r.revoked_at is null) as family_live, ${featureColumns}
         from users u join companies c on c.id = u.company_id join plans p on p.id = c.plan_id
        where u.id = ? and u.company_id = :companyId`,
      // An impersonation also ends with its refresh family (its logout, a replayed refresh token): checked only for
      // those; a user's own session ends through the token version.
      [claims.imp ?? 0, claims.imp !== undefined && UUID.test(claims.sid ?? '') ? claims.sid : null, claims.sub],
    );
    const row = rows[0] as ((typeof rows)[number] & Record<string, boolean>) | undefined;
    const version = claims.imp === undefined ? row?.token_version : row?.impersonator_version;
    if (!row || version !== claims.tv || (claims.imp !== undefined && !row.family_live)) {
      throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'This session was ended (logged out or logged in elsewhere)');
    }
    if (!row.status && !row.super) throw new AppError(CommonError.ERR_COMPANY_INACTIVE);
    const subject = { profile: row.profile, super: row.super };
    return {
      userId: row.id,
      companyId: asCompanyId(row.company_id),
      profile: row.profile,
      super: row.super,
      permissions: new Set(computePermissions(subject)),
      features: planFeatures(row as unknown as Record<string, boolean>),
      impersonatorId: claims.imp,
      sessionId: claims.sid,
      tokenVersion: claims.tv,
      subscriptionExpired: subscriptionExpired(row.due_date, row.timezone, this.config.billing.subscriptionGraceDays),
    };
  }

  /**
   * What a company may do when no user session speaks for it (a connection's API token): its plan's features, and
   * ERR_COMPANY_INACTIVE when it is inactive, as a session of its users would get.
   */
  async companyAccess(companyId: CompanyId): Promise<{ features: PlanFeatures; subscriptionExpired: boolean }> {
    const rows = await tenantSql(this.em, companyId).execute<{ status: boolean; due_date: string | null; timezone: string }>(
      `select c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.timezone, ${featureColumns} from companies c join plans p on p.id = c.plan_id where c.id = :companyId`,
    );
    const row = rows[0] as ((typeof rows)[number] & Record<string, boolean>) | undefined;
    if (!row?.status) throw new AppError(CommonError.ERR_COMPANY_INACTIVE);
    return {
      features: planFeatures(row as unknown as Record<string, boolean>),
      subscriptionExpired: subscriptionExpired(row.due_date, row.timezone, this.config.billing.subscriptionGraceDays),
    };
  }
}
