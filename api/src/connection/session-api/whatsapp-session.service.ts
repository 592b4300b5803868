import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { ConnectionError } from '../connection.errors';
import type { MessagingProvider } from '../providers/messaging-provider';
import { ConnectionSessionsService, MESSAGING_PROVIDERS } from '../sessions/connection-sessions.service';
import type { WhatsappDto } from '../whatsapps/dto/whatsapp.dto';
import { isOfficial, type ProviderName, type Whatsapp } from '../whatsapps/whatsapp.entity';
import { WhatsappService } from '../whatsapps/whatsapp.service';
import type { StartSessionDto } from './dto/start-session.dto';

/** The session commands of the connections page, on whichever process runs (or will run) the session. */
@Injectable()
export class WhatsappSessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly whatsapps: WhatsappService,
    private readonly sessions: ConnectionSessionsService,
    @Inject(MESSAGING_PROVIDERS) private readonly providers: Record<ProviderName, MessagingProvider | undefined>,
  ) {}

  /** Try again: a running, connected session stays; anything else starts over from the stored login. */
  async start(ctx: RequestContext, id: number, dto: StartSessionDto): Promise<WhatsappDto> {
    const w = await this.available(ctx, id);
    this.noPairingOnOfficial(w, dto);
    if (w.status !== 'CONNECTED' || dto.pairingNumber) {
      await this.sessions.restart(ctx.companyId, id, { fresh: Boolean(dto.pairingNumber), pairingNumber: dto.pairingNumber ?? null });
    }
    return this.current(ctx, id);
  }

  /** A new QR code (or pairing code): the stored login is forgotten. */
  async renew(ctx: RequestContext, id: number, dto: StartSessionDto): Promise<WhatsappDto> {
    const w = await this.available(ctx, id);
    this.noPairingOnOfficial(w, dto);
    // The official API logs in with its credentials: "a new QR code" is a reconnection that keeps them.
    const official = isOfficial(w.provider);
    await this.sessions.restart(ctx.companyId, id, { fresh: !official, pairingNumber: official ? null : (dto.pairingNumber ?? null) });
    return this.current(ctx, id);
  }

  /** The official API has no QR code and no pairing code: a pairing number for such a connection is refused, not ignored. */
  private noPairingOnOfficial(w: Whatsapp, dto: StartSessionDto): void {
    if (dto.pairingNumber && isOfficial(w.provider)) {
      throw new AppError(ConnectionError.ERR_NOT_ON_OFFICIAL, 'The official WhatsApp API connects with its credentials: it has no QR code or pairing code');
    }
  }

  async disconnect(ctx: RequestContext, id: number): Promise<WhatsappDto> {
    await this.whatsapps.findOwned(this.em, ctx.companyId, id);
    await this.sessions.stop(ctx.companyId, id, { logout: true });
    return this.current(ctx, id);
  }

  /** The company's connection whose provider this server has. */
  private async available(ctx: RequestContext, id: number): Promise<Whatsapp> {
    const w = await this.whatsapps.findOwned(this.em, ctx.companyId, id);
    if (!this.providers[w.provider as ProviderName]) throw new AppError(ConnectionError.ERR_PROVIDER_UNAVAILABLE);
    return w;
  }

  private async current(ctx: RequestContext, id: number): Promise<WhatsappDto> {
    const w = await this.whatsapps.findOwned(this.em.fork(), ctx.companyId, id);
    return this.whatsapps.toDto(w, true);
  }
}
