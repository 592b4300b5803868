import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiTokenAuthenticators, type ApiCaller, type ApiTokenAuthenticator } from '../../common/access/api-token';
import { SessionLoader } from '../../common/access/session-loader';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { hashToken, TOKEN_PREFIX } from './whatsapp-token';
import { Whatsapp } from './whatsapp.entity';

/**
 * A connection's send-message API token names the connection and so the company: looked up by its hash. Plugged into
 * common's ApiTokenAuthenticators, which the AuthGuard asks, when the module starts.
 */
@Injectable()
export class WhatsappTokenAuthenticator implements ApiTokenAuthenticator, OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionLoader,
    private readonly authenticators: ApiTokenAuthenticators,
  ) {}

  onModuleInit(): void {
    this.authenticators.use(this);
  }

  async authenticate(token: string): Promise<ApiCaller | null> {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
    const w = await this.em
      .fork()
      .findOne(Whatsapp, { tokenHash: hashToken(token) }, { ...withoutTenantFilter('API token: the token names its company'), fields: ['id', 'companyId'] });
    if (!w) return null;
    const { features, subscriptionExpired } = await this.sessions.companyAccess(w.companyId);
    return { companyId: w.companyId, whatsappId: w.id, features, subscriptionExpired };
  }
}
