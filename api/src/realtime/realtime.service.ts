import type { CompanyId } from '../common/tenancy/company-id';
import type { RequestContext } from '../common/access/request-context';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { Permission } from '../common/access/permissions';
import { companyEvent, platformEvent, PlatformChannels, ServerChannels, TicketChannels } from './realtime-events';
import type { ChatChannels } from './realtime-events';
import type { TaskChannels } from './realtime-events';

export const companyRoom = (companyId: CompanyId) => `company:${companyId}`;
export const userRoom = (userId: number) => `user:${userId}`;
/** Sockets a super user opened while acting as someone: they end with that super user's own session. */
export const impersonatorRoom = (superUserId: number) => `impersonator:${superUserId}`;
/** Sockets of one embed session, and of every embed session of one key: they end with it (logout, revocation). */
export const embedSessionRoom = (sessionId: string) => `embed-session:${sessionId}`;
export const embedKeyRoom = (keyId: number) => `embed-key:${keyId}`;
/** Sockets of users who may see every ticket of the company (tickets-manager:showall). */
export const allTicketsRoom = (companyId: CompanyId) => `company:${companyId}:tickets:all`;
/** Sockets that joined the live list of one status (joinTickets): clients of the original system. */
export const ticketStatusRoom = (companyId: CompanyId, status: string) => `company:${companyId}:tickets:${status}`;
/** Sockets of plain users of a queue. */
export const queueRoom = (companyId: CompanyId, queueId: number) => `company:${companyId}:queue:${queueId}`;

/**
 * Permissions that widen what an event shows: a socket whose user holds one sits in that permission's room and
 * gets the full entity; the rest of the company gets the redacted one, as the same user would over HTTP.
 * Profile changes end a user's sessions, so a socket's permission rooms never outlive its permissions.
 */
export const AUDIENCE_PERMISSIONS = [
  'connections:manage',
  'settings:read-secrets',
  'campaigns:manage',
  'automation:manage',
  'holidays:manage',
] as const satisfies readonly Permission[];
export type AudiencePermission = (typeof AUDIENCE_PERMISSIONS)[number];
export const permissionRoom = (companyId: CompanyId, permission: AudiencePermission) => `company:${companyId}:can:${permission}`;
/** Sockets, of any company, whose user may manage the platform's announcements (super users). */
export const ANNOUNCERS_ROOM = 'platform:can:announcements:manage';

/**
 * The only way domain code talks to sockets. Rooms are per company, so an event can never
 * reach another company's clients; with the Redis adapter it reaches every API process.
 */
@Injectable()
export class RealtimeService implements BeforeApplicationShutdown {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  private readonly connectHooks: ((ctx: RequestContext) => Promise<void>)[] = [];

  /**
   * Work to do when a socket has authenticated, before it joins its rooms and connects (presence marks the user
   * online: the other sockets hear it, this one does not, and the client's connect comes after it). A hook's failure
   * does not refuse the socket.
   */
  onSocketAuthenticated(hook: (ctx: RequestContext) => Promise<void>): void {
    this.connectHooks.push(hook);
  }

  /** Runs the hooks of onSocketAuthenticated (RealtimeGateway's middleware). */
  async socketAuthenticated(ctx: RequestContext): Promise<void> {
    for (const hook of this.connectHooks) await hook(ctx).catch(() => undefined);
  }

  /**
   * Graceful shutdown (src/shutdown.ts): ends this process's socket connections at the transport, as a lost
   * connection does, so each client reconnects by itself (to another replica, behind the proxy) and loads the
   * current state again. A socket.io disconnect would tell the clients not to reconnect. Answers how many were open.
   */
  closeLocalConnections(): number {
    const engine = this.server?.engine;
    if (!engine) return 0;
    const open = engine.clientsCount;
    engine.close();
    return open;
  }

  /**
   * Runs before the socket adapter closes its Redis connections; queue processors still finishing a job
   * during shutdown then emit into nothing instead of publishing on a closed connection.
   */
  beforeApplicationShutdown(): void {
    this.server = undefined;
  }

  /** Sockets connected to this process (/metrics). */
  localSocketCount(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  emit<C extends keyof ServerChannels>(companyId: CompanyId, channel: C, payload: ServerChannels[C]): void {
    this.server?.to(companyRoom(companyId)).emit(companyEvent(companyId, channel), payload);
  }

  /** An event only the sockets whose user holds `permission` hear (an area the rest of the company cannot read). */
  emitToPermission<C extends keyof ServerChannels>(companyId: CompanyId, channel: C, permission: AudiencePermission, payload: ServerChannels[C]): void {
    this.server?.to(permissionRoom(companyId, permission)).emit(companyEvent(companyId, channel), payload);
  }

  /**
   * One event in two shapes: `full` to the sockets whose user holds `permission`, `redacted` to the rest of the company.
   */
  emitByPermission<C extends keyof ServerChannels>(
    companyId: CompanyId,
    channel: C,
    permission: AudiencePermission,
    full: ServerChannels[C],
    redacted: ServerChannels[C],
  ): void {
    const server = this.server;
    if (!server) return;
    const room = permissionRoom(companyId, permission);
    server.to(room).emit(companyEvent(companyId, channel), full);
    server.to(companyRoom(companyId)).except(room).emit(companyEvent(companyId, channel), redacted);
  }

  /** Emits to the given rooms only (each socket once, however many of the rooms it is in). */
  emitToRooms<C extends keyof TicketChannels>(companyId: CompanyId, rooms: string[], channel: C, payload: TicketChannels[C]): void {
    if (!rooms.length) return;
    this.server?.to(rooms).emit(companyEvent(companyId, channel), payload);
  }

  /**
   * Emits to the sockets of `room` that are also in one of `within` (on every process): a status list's listeners
   * allowed to see the ticket. A failure to list the sockets (Redis down) drops the event; it is never the caller's.
   */
  async emitToRoomWithin<C extends keyof TicketChannels>(
    companyId: CompanyId,
    room: string,
    within: string[],
    channel: C,
    payload: TicketChannels[C],
  ): Promise<void> {
    const server = this.server;
    if (!server || !within.length) return;
    try {
      const sockets = await server.in(room).fetchSockets();
      const ids = sockets.filter((s) => within.some((r) => s.rooms.has(r))).map((s) => s.id);
      if (ids.length) server.to(ids).emit(companyEvent(companyId, channel), payload);
    } catch {
      // A listener misses one list update; its next fetch corrects it.
    }
  }

  /**
   * A platform-wide event (`company-{channel}`, no company id) in two shapes: `full` to the sockets in `audience`
   * (a platform room such as ANNOUNCERS_ROOM), `others` (when given) to every other signed-in socket of every company.
   */
  emitPlatform<C extends keyof PlatformChannels>(channel: C, audience: string, full: PlatformChannels[C], others: PlatformChannels[C] | null): void {
    const server = this.server;
    if (!server) return;
    server.to(audience).emit(platformEvent(channel), full);
    if (others) server.except(audience).emit(platformEvent(channel), others);
  }

  /** An event only the sockets of the given users hear (internal chat members), each socket once. */
  emitToUsers<C extends keyof ChatChannels>(companyId: CompanyId, userIds: readonly number[], channel: C, payload: ChatChannels[C]): void {
    if (!userIds.length) return;
    this.server?.to(userIds.map(userRoom)).emit(companyEvent(companyId, channel), payload);
  }

  /** An event only one user's own sockets hear (their personal tasks), wherever they are open. */
  emitToOwner<C extends keyof TaskChannels>(companyId: CompanyId, userId: number, channel: C, payload: TaskChannels[C]): void {
    this.server?.to(userRoom(userId)).emit(companyEvent(companyId, channel), payload);
  }

  /** Company-wide ticket-module events (contacts). */
  emitCompany<C extends keyof TicketChannels>(companyId: CompanyId, channel: C, payload: TicketChannels[C]): void {
    this.server?.to(companyRoom(companyId)).emit(companyEvent(companyId, channel), payload);
  }

  /**
   * Puts a user's sockets (on every process) in the ticket rooms their permissions and queues allow,
   * leaving the ones they no longer may see. Called on connect and when a user's queues or profile change.
   */
  async syncTicketRooms(companyId: CompanyId, userId: number, seesAll: boolean, queueIds: number[]): Promise<void> {
    const server = this.server;
    if (!server) return;
    const wanted = new Set(seesAll ? [allTicketsRoom(companyId)] : queueIds.map((q) => queueRoom(companyId, q)));
    const sockets = await server
      .in(userRoom(userId))
      .fetchSockets()
      .catch(() => []);
    for (const s of sockets) {
      for (const room of s.rooms) {
        if ((room.startsWith(`company:${companyId}:queue:`) || room === allTicketsRoom(companyId)) && !wanted.has(room)) s.leave(room);
      }
      s.join([...wanted]);
    }
  }

  /**
   * Which of these users have a socket open right now, on any process (one fetchSockets over their rooms). Null when
   * this process has no socket server or the other processes did not answer: the caller cannot tell.
   */
  async connectedUsers(userIds: number[]): Promise<Set<number> | null> {
    const server = this.server;
    if (!server) return null;
    if (!userIds.length) return new Set();
    try {
      const sockets = await server.in(userIds.map(userRoom)).fetchSockets();
      const wanted = new Set(userIds);
      const open = new Set<number>();
      for (const s of sockets) {
        const ctx = (s.data as { ctx?: { userId: number } }).ctx;
        if (ctx && wanted.has(ctx.userId)) open.add(ctx.userId);
      }
      return open;
    } catch {
      return null;
    }
  }

  /**
   * Whether the user has a socket of their own open (not a super user's acting as them), on any process; null when
   * this process cannot tell.
   */
  async hasOwnSocket(userId: number): Promise<boolean | null> {
    const server = this.server;
    if (!server) return null;
    try {
      const sockets = await server.in(userRoom(userId)).fetchSockets();
      return sockets.some((s) => {
        const ctx = (s.data as { ctx?: { userId: number; impersonatorId?: number } }).ctx;
        return ctx?.userId === userId && ctx.impersonatorId === undefined;
      });
    } catch {
      return null;
    }
  }

  /**
   * Ends, on every process, the sockets of a user opened with a token version older than `currentVersion`
   * (logout, login elsewhere), and those they opened acting as someone else. Sockets of the new session stay, and so
   * do the sockets of a super user acting as this user (theirs end with the super user's session). Runs a tick later
   * so that an event emitted just before (the forced-logout notice) is delivered first.
   */
  /** Closes, on every process, the sockets of one embed session (its logout). */
  async endEmbedSession(sessionId: string): Promise<void> {
    await this.disconnectRoom(embedSessionRoom(sessionId));
  }

  /** Closes, on every process, the sockets of every embed session of a key (the key was revoked). */
  async endEmbedKey(keyId: number): Promise<void> {
    await this.disconnectRoom(embedKeyRoom(keyId));
  }

  private async disconnectRoom(room: string): Promise<void> {
    const server = this.server;
    if (!server) return;
    try {
      // fetchSockets, not disconnectSockets: it waits for the other processes' answers, so the caller knows they closed.
      const sockets = await server.in(room).fetchSockets();
      for (const s of sockets) s.disconnect(true);
    } catch {
      // Another process did not answer in time; its sockets fail on their next call (the session row says ended).
    }
  }

  /** Closes the sockets of one session family of a user (an impersonation whose refresh token was replayed). */
  async endFamily(userId: number, family: string): Promise<void> {
    const server = this.server;
    if (!server) return;
    try {
      const sockets = await server.in(userRoom(userId)).fetchSockets();
      for (const s of sockets) if ((s.data as { ctx?: { sessionId?: string } }).ctx?.sessionId === family) s.disconnect(true);
    } catch {
      // Another process did not answer in time; its sockets fail on their next call with the old token.
    }
  }

  /**
   * Embed sockets (partner-minted sessions) do not follow the token version: a console login or logout leaves them
   * open. `embed: true` closes them too (the user was deleted: every session of theirs ends).
   */
  async endSessions(userId: number, currentVersion: number, options: { embed?: boolean } = {}): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise((r) => setTimeout(r, 50));
    try {
      const sockets = await server.in([userRoom(userId), impersonatorRoom(userId)]).fetchSockets();
      for (const s of sockets) {
        const ctx = (s.data as { ctx?: { userId: number; tokenVersion: number; impersonatorId?: number; embedSessionId?: string } }).ctx;
        if (ctx?.embedSessionId !== undefined) {
          if (options.embed && ctx.userId === userId) s.disconnect(true);
          continue;
        }
        // Whose session the socket belongs to: the impersonator's when acting as someone.
        const owner = ctx ? (ctx.impersonatorId ?? ctx.userId) : userId;
        if (owner === userId && (!ctx || ctx.tokenVersion < currentVersion)) s.disconnect(true);
      }
    } catch {
      // Another process did not answer in time; its sockets fail on their next call with the old token.
    }
  }
}
