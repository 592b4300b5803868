import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError } from '../../common/http/errors';
import { TokenService } from '../../common/access/token.service';
import { SecretBox } from '../../common/infra/secret-box';
import { TENANT_FILTER, withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { SessionService } from '../session/session.service';
import { User } from '../users/user.entity';
import { EmbedSessionDto } from './dto/embed-session.dto';
import { EmbedKey } from './embed-key.entity';
import { EmbedSession } from './embed-session.entity';
import { EmbedError } from './embed.errors';
import { checkPartnerClaims, EMBED_AUDIENCE, EMBED_CLOCK_SKEW_S, normalizeOrigin, type PartnerClaims } from './embed.rules';

const invalid = (why: string) => new AppError(EmbedError.ERR_EMBED_TOKEN_INVALID, `The partner token is not valid: ${why}`);

/**
 * Partner-minted sessions: a partner's signed token becomes an embed session of the user it names. Checked in this
 * order, so a token refused for any reason is not spent: its key (kid), signature (HS256 only), audience and expiry,
 * then its claims (embed.rules.ts), the page's origin, the user; then its jti is spent (unique per key).
 */
@Injectable()
export class EmbedSessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async exchange(token: string, originHeader: string | undefined): Promise<EmbedSessionDto> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || typeof decoded.payload === 'string') throw invalid('not a JWT');
    const kid = decoded.header.kid;
    if (typeof kid !== 'string' || !kid) throw invalid('the header names no key (kid)');
    const key = await this.em.findOne(
      EmbedKey,
      { keyId: kid },
      withoutTenantFilter('embed sign-in: the key named by the partner token (kid), before any company is known'),
    );
    if (!key) throw invalid('unknown key (kid)');
    if (key.revokedAt) throw invalid('the key was revoked');
    // From here on the request acts within the key's company, as a signed-in request within its user's.
    this.em.setFilterParams(TENANT_FILTER, { companyId: key.companyId });

    let claims: PartnerClaims;
    try {
      claims = jwt.verify(token, this.box.open(key.secret), {
        algorithms: ['HS256'],
        audience: EMBED_AUDIENCE,
        clockTolerance: EMBED_CLOCK_SKEW_S,
      }) as PartnerClaims;
    } catch (e) {
      if (e instanceof jwt.TokenExpiredError) throw invalid('the token expired');
      if (e instanceof jwt.JsonWebTokenError && /audience/.test(e.message)) throw invalid(`the audience must be '${EMBED_AUDIENCE}'`);
      if (e instanceof jwt.JsonWebTokenError && /signature|algorithm/.test(e.message)) throw invalid(`bad signature (${e.message})`);
      throw invalid(e instanceof Error ? e.message : 'unreadable');
    }
    const now = Date.now();
    const checked = checkPartnerClaims(claims, Math.floor(now / 1000));
    if (!checked.ok) throw invalid(checked.reason);

    const origin = originHeader ? normalizeOrigin(originHeader) : null;
    if (!origin || !key.allowedOrigins.includes(origin)) {
      throw new AppError(EmbedError.ERR_EMBED_ORIGIN_FORBIDDEN, `The origin ${originHeader ?? '(none sent)'} is not among the key's allowed origins`);
    }

    const user = await this.em.findOne(User, { companyId: key.companyId, ...checked.subject });
    if (!user) throw new AppError(EmbedError.ERR_EMBED_USER_UNKNOWN);
    const company = await this.em.findOneOrFail(Company, key.companyId);
    if (!company.status && !user.super) throw new AppError(EmbedError.ERR_COMPANY_INACTIVE);

    // Whole seconds: the access token's exp and the row's expiresAt are the same moment.
    const expiresAt = new Date((Math.floor(now / 1000) + this.config.embedSessionTtlSeconds) * 1000);
    const id = randomUUID();
    try {
      await this.em.insert(EmbedSession, {
        id,
        companyId: key.companyId,
        userId: user.id,
        keyId: key.id,
        jti: checked.jti,
        expiresAt,
        createdAt: new Date(now),
      });
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw new AppError(EmbedError.ERR_EMBED_TOKEN_REUSED);
      throw e;
    }
    await this.em.nativeUpdate(EmbedKey, { id: key.id, companyId: key.companyId }, { lastUsedAt: new Date(now) });
    return {
      token: this.tokens.signEmbed({ sub: user.id, cid: user.companyId, sid: id }, expiresAt),
      expiresAt: expiresAt.toISOString(),
      user: await this.sessions.sessionUser(user, undefined, true),
    };
  }
}
