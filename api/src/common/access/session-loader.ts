import { asCompanyId, type CompanyId } from '../tenancy/company-id';
import { tenantSql } from '../tenancy/tenant-sql';
import { companyAccess, sessionRow } from './access.queries';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { subscriptionExpired } from './session.rules';
import { EntityManager } from '@mikro-orm/postgresql';
import { computePermissions, planFeatures, type Permission, type PlanFeatures } from './permissions';
import { AppError, CommonError } from '../http/errors';
import type { RequestContext } from './request-context';
import type { AccessTokenClaims } from './token.service';

/** What an embed session may not do, whatever its user's profile. */
export const EMBED_WITHHELD: ReadonlySet<Permission> = new Set<Permission>(['embed-keys:manage', 'users:impersonate']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Turns verified claims into a RequestContext with one query, checking that the session still stands:
 * the user exists, the token's version is current and the company is active.
 * Shared by the HTTP guard and the socket gateway.
 */
@Injectable()
export class SessionLoader {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async load(claims: AccessTokenClaims): Promise<RequestContext> {
    const embed = claims.knd === 'embed';
    if (embed && !UUID.test(claims.sid ?? '')) throw new AppError(CommonError.ERR_SESSION_EXPIRED);
    // The token's signature vouches for its company claim; the row must still agree with it.
    const row = await sessionRow(
      tenantSql(this.em, asCompanyId(claims.cid)),
      claims.sub,
      claims.imp ?? 0,
      // An impersonation also ends with its refresh family (its logout, a replayed refresh token): checked only for
      // those; a user's own session ends through the token version.
      claims.imp !== undefined && UUID.test(claims.sid ?? '') ? (claims.sid ?? null) : null,
      // An embed session stands by its own row (not ended nor expired, key not revoked), whatever the token version.
      embed ? (claims.sid ?? null) : null,
    );
    if (embed && (!row || row.embed_key_id === null)) {
      throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'This embed session ended (expired, logged out, its key revoked or its user deleted)');
    }
    const version = claims.imp === undefined ? row?.token_version : row?.impersonator_version;
    if (!row || (!embed && version !== claims.tv) || (claims.imp !== undefined && !row.family_live)) {
      throw new AppError(CommonError.ERR_SESSION_EXPIRED, 'This session was ended (logged out or logged in elsewhere)');
    }
    if (!row.status && !row.super) throw new AppError(CommonError.ERR_COMPANY_INACTIVE);
    const subject = { profile: row.profile, super: row.super };
    return {
      userId: row.id,
      companyId: asCompanyId(row.company_id),
      profile: row.profile,
      super: row.super,
      // An embed session acts within the widgets: it cannot manage embed keys nor act as someone else.
      permissions: new Set(computePermissions(subject).filter((p) => !embed || !EMBED_WITHHELD.has(p))),
      features: planFeatures(row as unknown as Record<string, boolean>),
      impersonatorId: claims.imp,
      sessionId: embed ? undefined : claims.sid,
      ...(embed ? { embedSessionId: claims.sid, embedKeyId: row.embed_key_id! } : {}),
      tokenVersion: claims.tv,
      subscriptionExpired: subscriptionExpired(row.due_date, row.timezone, this.config.billing.subscriptionGraceDays, new Date()),
    };
  }

  /**
   * What a company may do when no user session speaks for it (a connection's API token): its plan's features, and
   * ERR_COMPANY_INACTIVE when it is inactive, as a session of its users would get.
   */
  async companyAccess(companyId: CompanyId): Promise<{ features: PlanFeatures; subscriptionExpired: boolean }> {
    const row = await companyAccess(tenantSql(this.em, companyId));
    if (!row?.status) throw new AppError(CommonError.ERR_COMPANY_INACTIVE);
    return {
      features: planFeatures(row as unknown as Record<string, boolean>),
      subscriptionExpired: subscriptionExpired(row.due_date, row.timezone, this.config.billing.subscriptionGraceDays, new Date()),
    };
  }
}
