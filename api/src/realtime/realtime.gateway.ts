import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { AppError, invalidField } from '../common/http/errors';
import type { RequestContext } from '../common/access/request-context';
import { SessionLoader } from '../common/access/session-loader';
import { TokenService } from '../common/access/token.service';
import { queueIdsOfUser } from '../common/access/user-queues';
import { READY_EVENT, SocketAck, SOCKET_PING_MS } from './realtime-events';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  allTicketsRoom,
  ANNOUNCERS_ROOM,
  AUDIENCE_PERMISSIONS,
  companyRoom,
  embedKeyRoom,
  embedSessionRoom,
  impersonatorRoom,
  permissionRoom,
  queueRoom,
  RealtimeService,
  ticketStatusRoom,
  userRoom,
} from './realtime.service';

export interface SocketData {
  ctx: RequestContext;
}

export type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/**
 * Sockets authenticate with `?token=` before they connect (a socket.io middleware), then sit in
 * their company's and their own room. Domain events reach them through RealtimeService.
 * perMessageDeflate stays off (engine.io's default, said because it matters): with it each socket would compress each
 * event for itself; without it a broadcast's WebSocket frame is built once and the same bytes go to every socket
 * (src/realtime/README.md).
 */
@WebSocketGateway({ transports: ['websocket'], pingInterval: SOCKET_PING_MS, perMessageDeflate: false, cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly log = new Logger('Realtime');

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionLoader,
    private readonly realtime: RealtimeService,
    private readonly em: EntityManager,
  ) {}

  /** The rooms a socket starts in: its company, its user, and the ticket rooms it may see. */
  private async roomsFor(ctx: RequestContext): Promise<string[]> {
    const rooms = [companyRoom(ctx.companyId), userRoom(ctx.userId)];
    if (ctx.impersonatorId !== undefined) rooms.push(impersonatorRoom(ctx.impersonatorId));
    if (ctx.embedSessionId !== undefined && ctx.embedKeyId !== undefined) rooms.push(embedSessionRoom(ctx.embedSessionId), embedKeyRoom(ctx.embedKeyId));
    for (const p of AUDIENCE_PERMISSIONS) if (ctx.permissions.has(p)) rooms.push(permissionRoom(ctx.companyId, p));
    if (ctx.permissions.has('announcements:manage')) rooms.push(ANNOUNCERS_ROOM);
    if (ctx.permissions.has('tickets-manager:showall')) return [...rooms, allTicketsRoom(ctx.companyId)];
    const queueIds = await queueIdsOfUser(this.em, ctx.companyId, ctx.userId);
    return [...rooms, ...queueIds.map((id) => queueRoom(ctx.companyId, id))];
  }

  afterInit(server: Server): void {
    this.realtime.attach(server);
    server.use((socket, next) => {
      const raw: unknown = socket.handshake.query.token ?? (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const token: unknown = Array.isArray(raw) ? raw[0] : raw;
      let expiresAt: number | undefined;
      Promise.resolve()
        .then(() => {
          const claims = this.tokens.verifyAccess(typeof token === 'string' ? token : undefined);
          if (claims.knd === 'embed') expiresAt = (claims as { exp?: number }).exp;
          return this.sessions.load(claims);
        })
        .then(async (ctx) => {
          (socket.data as SocketData).ctx = ctx;
          await this.realtime.socketAuthenticated(ctx);
          await socket.join(await this.roomsFor(ctx));
          // An embed session is never refreshed: its socket closes when it expires (the widget then asks for a new token).
          if (expiresAt !== undefined) closeAt(socket, expiresAt * 1000);
          next();
        })
        .catch((e: unknown) => {
          const code = e instanceof AppError ? e.def.code : 'ERR_SESSION_EXPIRED';
          if (!(e instanceof AppError)) this.log.warn(`socket auth failed: ${String(e)}`);
          next(Object.assign(new Error(code), { data: { error: code } }));
        });
    });
  }

  /**
   * The socket is authenticated and in its rooms: `ready` tells the client so. Clients of the original system send
   * their joins (joinNotification, joinTickets) only when they hear it; ours may ignore it.
   */
  handleConnection(socket: Socket): void {
    socket.emit(READY_EVENT);
  }

  /**
   * Room names are derived from the socket's own company: a client cannot join another company's room.
   * Each handler acknowledges (when the client asks for an ack) with `{ ok: true }` or the HTTP error body,
   * so a bad payload gets ERR_VALIDATION naming the field, as over HTTP.
   */
  @SubscribeMessage('joinChatBox')
  joinChatBox(@ConnectedSocket() socket: AppSocket, @MessageBody() ticketId: unknown): SocketAck {
    const id = typeof ticketId === 'number' && Number.isSafeInteger(ticketId) ? String(ticketId) : ticketId;
    if (typeof id !== 'string' || !TICKET_REF.test(id)) return refuse('ticketId', 'A ticket id or uuid: 1 to 64 letters, digits, _ or -');
    void socket.join(`company:${socket.data.ctx.companyId}:ticket:${id}`);
    return OK;
  }

  @SubscribeMessage('joinNotification')
  joinNotification(@ConnectedSocket() socket: AppSocket): SocketAck {
    void socket.join(`company:${socket.data.ctx.companyId}:notification`);
    return OK;
  }

  @SubscribeMessage('joinTickets')
  joinTickets(@ConnectedSocket() socket: AppSocket, @MessageBody() status: unknown): SocketAck {
    if (typeof status !== 'string' || !(TICKET_LIST_STATUSES as readonly string[]).includes(status)) {
      return refuse('status', `One of ${TICKET_LIST_STATUSES.join(', ')}`);
    }
    void socket.join(ticketStatusRoom(socket.data.ctx.companyId, status));
    return OK;
  }
}

/** Closes the socket at `at` (ms), unless it closed before. */
function closeAt(socket: Socket, at: number): void {
  const timer = setTimeout(() => socket.disconnect(true), Math.max(0, at - Date.now()));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

const TICKET_REF = /^[\w-]{1,64}$/;
const TICKET_LIST_STATUSES = ['open', 'pending', 'closed', 'group'] as const;

const OK = { ok: true } as const;
const refuse = (field: string, message: string): SocketAck => invalidField(field, message).getResponse() as SocketAck;
