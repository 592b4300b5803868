import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { bumpTokenVersion } from './session.queries';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RequestContext as OrmContext } from '@mikro-orm/core';
import bcrypt from 'bcryptjs';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError } from '../../common/http/errors';
import { computePermissions, planFeatures } from '../../common/access/permissions';
import type { RequestContext } from '../../common/access/request-context';
import { TokenService } from '../../common/access/token.service';
import { EMBED_WITHHELD } from '../../common/access/session-loader';
import { subscriptionExpired } from '../../common/access/session.rules';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company } from '../../tenant/companies/company.entity';
import { mapPlan } from '../../tenant/plans/dto/plan.dto';
import { SettingsService, withoutSecrets } from '../../tenant/settings/settings.service';
import { AuthError } from './session.errors';
import { SessionDto, SessionUserDto } from './dto/session.dto';
import { mapUser } from '../users/dto/user.dto';
import { RefreshToken } from './refresh-token.entity';
import { EmbedSession } from '../embed/embed-session.entity';
import { User } from '../users/user.entity';
import { AuditService, type AuditOrigin } from '../../audit/audit.service';

export const REFRESH_COOKIE = 'jrt';
/** A refresh token presented again within this window after rotation (two tabs at once) is not treated as theft. */
const ROTATION_GRACE_MS = 10_000;
/** Compared against when the e-mail is unknown, so timing does not reveal which e-mails exist. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface IssuedSession extends SessionDto {
  refreshToken: string;
  refreshExpiresAt: Date;
}

@Injectable()
export class SessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
    private readonly settings: SettingsService,
    private readonly realtime: RealtimeService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A login ends the user's other sessions: their tokens stop working and their clients are told. */
  async login(email: string, password: string): Promise<IssuedSession> {
    const user = await this.em.findOne(
      User,
      { email: email.trim().toLowerCase() },
      { ...withoutTenantFilter('login: the user is found by e-mail before any company is known'), populate: ['passwordHash'] },
    );
    const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new AppError(AuthError.ERR_INVALID_CREDENTIALS);
    const company = await this.em.findOneOrFail(Company, user.companyId);
    if (!company.status && !user.super) throw new AppError(AuthError.ERR_COMPANY_INACTIVE);

    user.tokenVersion += 1;
    // The user's own sessions end, and any impersonation they were running; someone acting as them is left alone.
    await this.em.nativeUpdate(
      RefreshToken,
      { $or: [{ userId: user.id, impersonatorId: null }, { impersonatorId: user.id }], revokedAt: null },
      { revokedAt: new Date() },
    );
    const session = await this.issue(user, randomUUID());
    this.realtime.emit(user.companyId, 'auth', { action: 'update', user: { id: user.id } });
    await this.realtime.endSessions(user.id, user.tokenVersion);
    return session;
  }

  async refresh(rawToken: string | undefined): Promise<IssuedSession> {
    if (!rawToken) throw new AppError(AuthError.ERR_SESSION_EXPIRED, 'No refresh token');
    const stored = await this.em.findOne(
      RefreshToken,
      { tokenHash: sha256(rawToken) },
      withoutTenantFilter('refresh: the token is found by its hash before any company is known'),
    );
    const now = Date.now();
    if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= now) throw new AppError(AuthError.ERR_SESSION_EXPIRED);
    if (stored.rotatedAt && now - stored.rotatedAt.getTime() > ROTATION_GRACE_MS) {
      await this.endStolenFamily(stored);
      throw new AppError(AuthError.ERR_SESSION_EXPIRED, 'This session was ended');
    }
    const user = await this.em.findOne(
      User,
      { id: stored.userId, companyId: stored.companyId },
      withoutTenantFilter('refresh: the user of the stored token, in its company'),
    );
    if (!user) throw new AppError(AuthError.ERR_SESSION_EXPIRED);
    // An impersonation lives as long as the impersonator's own session; any other session, as long as the user's.
    const owner = stored.impersonatorId
      ? await this.em.findOne(
          User,
          { id: stored.impersonatorId, super: true },
          withoutTenantFilter('impersonation: the super user running it, in their own company'),
        )
      : user;
    if (!owner || owner.tokenVersion !== stored.tokenVersion) throw new AppError(AuthError.ERR_SESSION_EXPIRED);
    const company = await this.em.findOneOrFail(Company, user.companyId);
    if (!company.status && !user.super) throw new AppError(AuthError.ERR_COMPANY_INACTIVE);
    stored.rotatedAt ??= new Date();
    return this.issue(user, stored.family, stored.impersonatorId ? owner : undefined);
  }

  /**
   * Ends the session. An embed session's logout ends that embed session only. A user's own logout bumps the token version (their only session ends everywhere);
   * ending an impersonation only ends that impersonation's refresh family.
   */
  async logout(ctx: RequestContext, family: string | undefined): Promise<void> {
    // An embed session's logout ends that embed session only: the user's console and other embed sessions stay.
    if (ctx.embedSessionId) {
      await this.em.nativeUpdate(EmbedSession, { id: ctx.embedSessionId, companyId: ctx.companyId, endedAt: null }, { endedAt: new Date() });
      await this.realtime.endEmbedSession(ctx.embedSessionId);
      return;
    }
    if (ctx.impersonatorId) {
      if (family) await this.em.nativeUpdate(RefreshToken, { family, revokedAt: null }, { revokedAt: new Date() });
      return;
    }
    const user = await this.em.findOneOrFail(User, { id: ctx.userId, companyId: ctx.companyId });
    user.tokenVersion += 1;
    await this.em.nativeUpdate(
      RefreshToken,
      { $or: [{ userId: user.id, impersonatorId: null }, { impersonatorId: user.id }], revokedAt: null },
      { revokedAt: new Date() },
    );
    await this.em.flush();
    await this.realtime.endSessions(user.id, user.tokenVersion);
  }

  /**
   * A rotated refresh token came back after the grace: someone holds a copy of the session. The whole family ends at
   * once, its access tokens included, as a forced logout ends a session: the user's own session bumps their token
   * version (every access token of it fails on its next request, its sockets are closed, the impersonations they run
   * end with it, as at logout); an impersonation's family is revoked, which its access tokens are checked against
   * (SessionLoader), and its sockets are closed.
   */
  private async endStolenFamily(stored: RefreshToken): Promise<void> {
    await this.em.nativeUpdate(RefreshToken, { family: stored.family, revokedAt: null }, { revokedAt: new Date() });
    if (stored.impersonatorId) {
      await this.realtime.endFamily(stored.userId, stored.family);
      return;
    }
    // Only while the family is still the user's session (its version current): an older one's tokens already fail.
    const bumped = await bumpTokenVersion(tenantSql(this.em, stored.companyId), stored.userId, stored.tokenVersion);
    if (bumped === null) return;
    await this.em.nativeUpdate(
      RefreshToken,
      { $or: [{ userId: stored.userId, impersonatorId: null }, { impersonatorId: stored.userId }], revokedAt: null },
      { revokedAt: new Date() },
    );
    await this.realtime.endSessions(stored.userId, bumped);
  }

  /**
   * A super user acts as another user; the target's own sessions are left alone. Recorded in the audit log, in the
   * target's company (its admin sees who came in).
   */
  async impersonate(ctx: RequestContext, targetId: number, currentUserId: number, origin: AuditOrigin = {}): Promise<IssuedSession> {
    if (currentUserId !== ctx.userId || ctx.impersonatorId) throw new AppError(AuthError.ERR_NO_PERMISSION);
    const target = await this.em.findOne(User, { id: targetId }, withoutTenantFilter('impersonation: a super user acts as a user of any company'));
    if (!target) throw new AppError(AuthError.ERR_NO_USER_FOUND);
    const impersonator = await this.em.findOneOrFail(
      User,
      { id: ctx.userId },
      withoutTenantFilter('impersonation: the super user running it, in their own company'),
    );
    const session = await this.issue(target, randomUUID(), impersonator);
    const changes = { userName: target.name, companyId: target.companyId };
    await this.audit.record(ctx, { action: 'impersonation.start', targetType: 'user', targetId: target.id, companyId: target.companyId, changes }, origin);
    return session;
  }

  /**
   * The way back: ends this impersonation (its refresh family) and answers a new session of the super user behind
   * it, without a new login: the impersonation's token carries the super user's current token version, which proves
   * their own session still stands. The impersonated user's sessions are untouched. Recorded in the audit log.
   */
  async endImpersonation(ctx: RequestContext, origin: AuditOrigin = {}): Promise<IssuedSession> {
    if (!ctx.impersonatorId) throw new AppError(AuthError.ERR_NOT_IMPERSONATING);
    if (ctx.sessionId) await this.em.nativeUpdate(RefreshToken, { family: ctx.sessionId, revokedAt: null }, { revokedAt: new Date() });
    const impersonator = await this.em.findOne(
      User,
      { id: ctx.impersonatorId, super: true },
      withoutTenantFilter('impersonation: the super user running it, back to their own session'),
    );
    if (!impersonator || impersonator.tokenVersion !== ctx.tokenVersion) throw new AppError(AuthError.ERR_SESSION_EXPIRED);
    const company = await this.em.findOneOrFail(Company, impersonator.companyId);
    if (!company.status && !impersonator.super) throw new AppError(AuthError.ERR_COMPANY_INACTIVE);
    await this.audit.record(ctx, { action: 'impersonation.end', targetType: 'user', targetId: ctx.userId, companyId: ctx.companyId }, origin);
    return this.issue(impersonator, randomUUID());
  }

  async me(ctx: RequestContext): Promise<SessionUserDto> {
    const user = await this.em.findOneOrFail(User, { id: ctx.userId, companyId: ctx.companyId }, { populate: ['queues'] });
    return this.sessionUser(user, ctx.impersonatorId, ctx.embedSessionId !== undefined);
  }

  /**
   * A user event (created, changed, online or offline): the whole user as the login answers it, company included.
   * The company's secret settings reach only the sockets allowed to read them, the others get them blank.
   * `user.queues` must be initialised.
   */
  async emitUser(action: 'create' | 'update', user: User): Promise<void> {
    await OrmContext.create(this.em, async () => {
      const full = await this.sessionUser(user, undefined, false, true);
      // One read: the copy for sockets that may not read secret settings is the same user with those blanked.
      const redacted = { ...full, company: { ...full.company, settings: withoutSecrets(full.company.settings) } };
      this.realtime.emitByPermission(user.companyId, 'user', 'settings:read-secrets', { action, user: full }, { action, user: redacted });
    });
  }

  /**
   * `embed`: the user of an embed session, whose permissions leave out what such a session may not do. `secrets`:
   * whether the company's secret settings are shown (by default, when the user may read them).
   */
  async sessionUser(user: User, impersonatorId?: number, embed = false, secrets?: boolean): Promise<SessionUserDto> {
    if (!user.queues.isInitialized())
      await this.em.populate(user, ['queues'], withoutTenantFilter('session answer: the queues of a user signing in, before a request context exists'));
    const company = await this.em.findOneOrFail(Company, user.companyId, { populate: ['plan'] });
    const plan = company.plan.getEntity();
    const permissions = computePermissions(user).filter((p) => !embed || !EMBED_WITHHELD.has(p));
    const dto = mapUser(user);
    return {
      ...dto,
      queues: dto.queues.map((q) => ({ ...q, UserQueue: { userId: user.id, queueId: q.id } })),
      permissions,
      features: planFeatures(plan),
      ...(impersonatorId ? { impersonatorId, impersonator: await this.impersonatorOf(impersonatorId) } : {}),
      company: {
        id: company.id,
        name: company.name,
        email: company.email ?? null,
        status: company.status,
        dueDate: company.dueDate ?? null,
        recurrence: company.recurrence,
        trialExpiration: company.trialExpiration ?? null,
        subscriptionExpired: subscriptionExpired(company.dueDate, company.timezone, this.config.billing.subscriptionGraceDays, new Date()),
        campaignsEnabled: company.campaignsEnabled,
        timezone: company.timezone,
        settings: await this.settings.listForCompany(company.id, secrets ?? permissions.includes('settings:read-secrets')),
        plan: mapPlan(plan),
      },
    };
  }

  private async impersonatorOf(id: number): Promise<{ id: number; name: string; email: string }> {
    const u = await this.em.findOneOrFail(
      User,
      { id, super: true },
      withoutTenantFilter('impersonation: the super user behind the session, named in its answer'),
    );
    return { id: u.id, name: u.name, email: u.email };
  }

  /** An impersonation's tokens carry the impersonator's version: the user's own logins and logouts leave it alone. */
  private async issue(user: User, family: string, impersonator?: User): Promise<IssuedSession> {
    const impersonatorId = impersonator?.id;
    const tokenVersion = impersonator ? impersonator.tokenVersion : user.tokenVersion;
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshExpiresAt = new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000);
    this.em.create(RefreshToken, {
      id: randomUUID(),
      family,
      userId: user.id,
      companyId: user.companyId,
      tokenHash: sha256(refreshToken),
      tokenVersion,
      impersonatorId: impersonatorId ?? null,
      expiresAt: refreshExpiresAt,
    });
    await this.em.flush();
    const token = this.tokens.signAccess({
      sub: user.id,
      cid: user.companyId,
      tv: tokenVersion,
      sid: family,
      ...(impersonatorId ? { imp: impersonatorId } : {}),
    });
    return { token, user: await this.sessionUser(user, impersonatorId), refreshToken, refreshExpiresAt };
  }
}
