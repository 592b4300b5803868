import { ConnectedSocket, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { AppSocket } from '../../realtime/realtime.gateway';
import { RealtimeService } from '../../realtime/realtime.service';
import { PresenceService } from './presence.service';

/**
 * Shares the socket server of RealtimeGateway, which authenticates every socket before it connects.
 * A user is online from their first socket (at once, not at the first ping) and offline when their last socket has
 * been gone for PRESENCE_GRACE (a reload or a reconnection in between keeps them online); the pings keep a live
 * socket online and the expiry catches a process that died with its sockets.
 */
@WebSocketGateway()
export class PresenceGateway implements OnGatewayDisconnect, OnModuleDestroy {
  private readonly log = new Logger('Presence');
  private readonly leaving = new Set<NodeJS.Timeout>();

  constructor(
    private readonly presence: PresenceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    realtime: RealtimeService,
  ) {
    // Online as the socket connects, before the client hears its connect.
    realtime.onSocketAuthenticated(async (ctx) => {
      if (ctx.impersonatorId === undefined) await this.presence.ping(ctx.companyId, ctx.userId);
    });
  }

  handleDisconnect(socket: AppSocket): void {
    const ctx = socket.data?.ctx;
    if (!ctx || ctx.impersonatorId !== undefined) return;
    const timer = setTimeout(() => {
      this.leaving.delete(timer);
      this.presence.left(ctx.companyId, ctx.userId).catch((e: unknown) => this.log.warn(`offline failed: ${String(e)}`));
    }, this.config.presenceGraceMs);
    this.leaving.add(timer);
  }

  @SubscribeMessage('userStatus')
  async userStatus(@ConnectedSocket() socket: AppSocket): Promise<void> {
    const ctx = socket.data?.ctx;
    if (!ctx || ctx.impersonatorId !== undefined) return; // a super user looking around does not make the user appear online
    await this.presence.ping(ctx.companyId, ctx.userId).catch((e: unknown) => this.log.warn(`ping failed: ${String(e)}`));
  }

  onModuleDestroy(): void {
    for (const timer of this.leaving) clearTimeout(timer);
    this.leaving.clear();
  }
}
