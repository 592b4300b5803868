import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Logger } from '@nestjs/common';
import type { AppSocket } from '../../realtime/realtime.gateway';
import { PresenceService } from './presence.service';

/** Shares the socket server of RealtimeGateway, which authenticates every socket before it connects. */
@WebSocketGateway()
export class PresenceGateway {
  private readonly log = new Logger('Presence');

  constructor(private readonly presence: PresenceService) {}

  @SubscribeMessage('userStatus')
  async userStatus(@ConnectedSocket() socket: AppSocket): Promise<void> {
    const { ctx } = socket.data;
    if (ctx.impersonatorId) return; // a super user looking around does not make the user appear online
    await this.presence.ping(ctx.companyId, ctx.userId).catch((e: unknown) => this.log.warn(`ping failed: ${String(e)}`));
  }
}
