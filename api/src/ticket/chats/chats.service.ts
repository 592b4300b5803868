import { Injectable, Logger } from '@nestjs/common';
import { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError, invalidField } from '../../common/http/errors';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import { RequestContext } from '../../common/access/request-context';
import { isId } from '../../common/http/ids';
import { forkForCompany, transactionForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { countUnread } from './chats.queries';
import { RealtimeService } from '../../realtime/realtime.service';
import { chatChannel, chatUserChannel } from '../../realtime/realtime-events';
import { User } from '../../auth/users/user.entity';
import { PushService } from '../../auth/push/push.service';
import { clip } from '../../auth/push/push-payload';
import { Chat, ChatMessage, ChatUser } from './chat.entity';
import { ChatError } from './chat.errors';
import {
  ChatDto,
  ChatMessageDto,
  ChatMessagePageDto,
  ChatPageDto,
  CreateChatDto,
  ListChatMessagesDto,
  ListChatsDto,
  ReadChatDto,
  SendChatMessageDto,
  UpdateChatDto,
} from './dto/chat.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Internal chat between users of one company (see README.md). A chat exists only for its members: any other user,
 * of this company or another, gets 404 on every route. Its owner (the creator) alone renames, changes members and
 * deletes it. Every event reaches only the members' sockets.
 */
@Injectable()
export class ChatsService {
  private readonly logger = new Logger('Chats');

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly push: PushService,
  ) {}

  /** The caller's chats, newest activity first; searchParam matches the title. */
  async list(ctx: RequestContext, query: ListChatsDto): Promise<ChatPageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<Chat> = {
      companyId: ctx.companyId,
      users: { userId: ctx.userId },
      ...(term ? { title: { $ilike: likeTerm(term) } } : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(Chat, where, { orderBy: { updatedAt: 'desc', id: 'desc' }, limit, offset });
    return { records: await this.mapChats(ctx, rows), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  /** A chat by id or uuid (the console's address carries the uuid). */
  async get(ctx: RequestContext, idOrUuid: string): Promise<ChatDto> {
    const ref = idOrUuid.trim();
    let where: FilterQuery<Chat>;
    if (/^\d+$/.test(ref) && isId(Number(ref))) where = { id: Number(ref) };
    else if (UUID.test(ref)) where = { uuid: ref.toLowerCase() };
    else throw invalidField('id', 'Must be a chat id or uuid');
    const chat = await this.em.findOne(Chat, { ...where, companyId: ctx.companyId, users: { userId: ctx.userId } });
    if (!chat) throw new AppError(ChatError.ERR_CHAT_NOT_FOUND);
    return (await this.mapChats(ctx, [chat]))[0];
  }

  async create(ctx: RequestContext, dto: CreateChatDto): Promise<ChatDto> {
    const others = await this.checkUsers(ctx, dto.users);
    const chat = this.em.create(Chat, { companyId: ctx.companyId, title: dto.title, ownerId: ctx.userId });
    for (const userId of [ctx.userId, ...others]) this.em.create(ChatUser, { chat, userId, companyId: ctx.companyId });
    await this.em.flush();
    const record = (await this.mapChats(ctx, [chat]))[0];
    this.realtime.emitToUsers(ctx.companyId, memberIds(record), 'chat', { action: 'create', record, chat: record });
    return record;
  }

  async update(ctx: RequestContext, id: number, dto: UpdateChatDto): Promise<ChatDto> {
    const chat = await this.findOwned(ctx, id);
    let removed: number[] = [];
    if (dto.title !== undefined) chat.title = dto.title;
    if (dto.users !== undefined) {
      const wanted = new Set([ctx.userId, ...(await this.checkUsers(ctx, dto.users))]);
      const current = await this.em.find(ChatUser, { chat: chat.id, companyId: ctx.companyId });
      removed = current.filter((m) => !wanted.has(m.userId)).map((m) => m.userId);
      const kept = new Set(current.map((m) => m.userId));
      for (const m of current) if (!wanted.has(m.userId)) this.em.remove(m);
      for (const userId of wanted) if (!kept.has(userId)) this.em.create(ChatUser, { chat, userId, companyId: ctx.companyId });
    }
    await this.em.flush();
    const record = (await this.mapChats(ctx, [chat]))[0];
    this.realtime.emitToUsers(ctx.companyId, memberIds(record), 'chat', { action: 'update', record, chat: record });
    this.realtime.emitToUsers(ctx.companyId, removed, 'chat', { action: 'delete', id: chat.id });
    return record;
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const chat = await this.findOwned(ctx, id);
    const members = (await this.em.find(ChatUser, { chat: chat.id, companyId: ctx.companyId })).map((m) => m.userId);
    await this.em.nativeDelete(Chat, { id: chat.id, companyId: ctx.companyId });
    this.em.clear();
    this.realtime.emitToUsers(ctx.companyId, members, 'chat', { action: 'delete', id: chat.id });
  }

  /** Marks the chat read for the caller (userId must be theirs). */
  async markRead(ctx: RequestContext, id: number, dto: ReadChatDto): Promise<ChatDto> {
    const chat = await this.findMember(ctx, id);
    if (dto.userId !== ctx.userId) throw new AppError(CommonError.ERR_NO_PERMISSION, "Only the caller's own read state can be changed");
    const changed = await this.em.nativeUpdate(ChatUser, { chat: chat.id, userId: ctx.userId, companyId: ctx.companyId, unreads: { $gt: 0 } }, { unreads: 0 });
    this.em.clear();
    const record = (await this.mapChats(ctx, [await this.em.findOneOrFail(Chat, { id: chat.id, companyId: ctx.companyId })]))[0];
    if (changed)
      this.realtime.emitToUsers(ctx.companyId, [ctx.userId], chatUserChannel(ctx.userId), {
        action: 'update',
        chatId: chat.id,
        unreads: 0,
        record,
        chat: record,
      });
    return record;
  }

  /** A page of the chat's messages, newest first (page 1 is the newest). */
  async messages(ctx: RequestContext, id: number, query: ListChatMessagesDto): Promise<ChatMessagePageDto> {
    const chat = await this.findMember(ctx, id);
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(ChatMessage, { chatId: chat.id, companyId: ctx.companyId }, { orderBy: { id: 'desc' }, limit, offset });
    const names = await this.names(
      ctx,
      rows.map((m) => m.senderId).filter((u): u is number => u != null),
    );
    return { records: rows.map((m) => mapMessage(m, names)), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  /**
   * Adds a message: the chat's lastMessage and updatedAt follow, and every other member's unread count grows by one
   * (one statement), in one transaction.
   */
  async send(ctx: RequestContext, id: number, dto: SendChatMessageDto): Promise<ChatMessageDto> {
    const found = await this.findMember(ctx, id);
    const message = await transactionForCompany(forkForCompany(this.em, ctx.companyId), ctx.companyId, async (tx) => {
      const row = tx.create(ChatMessage, { chatId: found.id, senderId: ctx.userId, message: dto.message, companyId: ctx.companyId });
      await tx.flush();
      await tx.nativeUpdate(Chat, { id: found.id, companyId: ctx.companyId }, { lastMessage: dto.message, updatedAt: row.createdAt });
      await countUnread(tenantSql(tx, ctx.companyId), found.id, ctx.userId);
      return row;
    });
    this.em.clear();
    const chat = (await this.mapChats(ctx, [await this.em.findOneOrFail(Chat, { id: found.id, companyId: ctx.companyId })]))[0];
    const newMessage = mapMessage(message, await this.names(ctx, [ctx.userId]));
    const members = memberIds(chat);
    this.realtime.emitToUsers(ctx.companyId, members, chatChannel(chat.id), { action: 'new-message', newMessage, chat });
    this.realtime.emitToUsers(ctx.companyId, members, 'chat', { action: 'update', record: chat, chat, newMessage });
    for (const m of chat.users) {
      if (m.userId !== ctx.userId)
        this.realtime.emitToUsers(ctx.companyId, [m.userId], chatUserChannel(m.userId), {
          action: 'update',
          chatId: chat.id,
          unreads: m.unreads,
          record: chat,
          chat,
        });
    }
    await this.pushToAway(ctx, chat, newMessage);
    return newMessage;
  }

  /**
   * Web push to the other members whose console is closed (no socket open), as for customer messages: the chat's title,
   * 'sender: text', and a click that opens /chats/{uuid}. One notification per chat (tag and topic), so a burst of
   * messages shows as the latest. A push that cannot be queued never fails the send.
   */
  private async pushToAway(ctx: RequestContext, chat: ChatDto, message: ChatMessageDto): Promise<void> {
    const others = chat.users.map((u) => u.userId).filter((u) => u !== ctx.userId);
    if (!others.length) return;
    try {
      // Unknown (another process did not answer): push anyway; the service worker skips a page already on screen.
      const open = (await this.realtime.connectedUsers(others)) ?? new Set<number>();
      const topic = chat.uuid.replace(/-/g, '');
      await this.push.notifyUsers(
        ctx.companyId,
        others
          .filter((userId) => !open.has(userId))
          .map((userId) => ({
            userId,
            payload: {
              title: clip(chat.title, 100),
              body: clip(`${message.sender?.name ?? ''}: ${message.message}`, 200),
              url: `/chats/${chat.uuid}`,
              tag: `chat-${chat.uuid}`,
            },
            urgency: 'normal' as const,
            ttl: 3600,
            topic,
          })),
      );
    } catch (err) {
      this.logger.warn(`Chat ${chat.id}: push not queued: ${(err as Error).message}`);
    }
  }

  /** The other members asked for: users of the caller's company, at least one besides the caller. */
  private async checkUsers(ctx: RequestContext, ids: number[]): Promise<number[]> {
    const others = [...new Set(ids)].filter((u) => u !== ctx.userId);
    if (!others.length) throw invalidField('users', 'Choose at least one other user');
    const found = await this.em.find(User, { id: { $in: others }, companyId: ctx.companyId }, { fields: ['id'] });
    if (found.length !== others.length) {
      const known = new Set(found.map((u) => u.id));
      throw invalidField('users', `Not users of this company: ${others.filter((u) => !known.has(u)).join(', ')}`);
    }
    return others;
  }

  private async findMember(ctx: RequestContext, id: number): Promise<Chat> {
    const chat = isId(id) ? await this.em.findOne(Chat, { id, companyId: ctx.companyId, users: { userId: ctx.userId } }) : null;
    if (!chat) throw new AppError(ChatError.ERR_CHAT_NOT_FOUND);
    return chat;
  }

  private async findOwned(ctx: RequestContext, id: number): Promise<Chat> {
    const chat = await this.findMember(ctx, id);
    if (chat.ownerId !== ctx.userId) throw new AppError(CommonError.ERR_NO_PERMISSION, 'Only the chat owner can change or delete it');
    return chat;
  }

  private async names(ctx: RequestContext, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const users = await this.em.find(User, { id: { $in: [...new Set(ids)] }, companyId: ctx.companyId }, { fields: ['id', 'name'] });
    return new Map(users.map((u) => [u.id, u.name]));
  }

  private async mapChats(ctx: RequestContext, chats: Chat[]): Promise<ChatDto[]> {
    if (!chats.length) return [];
    const members = await this.em.find(
      ChatUser,
      { chat: { $in: chats.map((c) => c.id) }, companyId: ctx.companyId },
      { orderBy: { id: 'asc' }, refresh: true },
    );
    const names = await this.names(
      ctx,
      members.map((m) => m.userId),
    );
    return chats.map((c) => ({
      id: c.id,
      uuid: c.uuid,
      title: c.title,
      ownerId: c.ownerId ?? null,
      lastMessage: c.lastMessage,
      companyId: c.companyId,
      users: members
        .filter((m) => m.chat.id === c.id)
        .map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: names.get(m.userId) ?? '' } }))
        .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.userId - b.userId),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    }));
  }
}

const memberIds = (chat: ChatDto) => chat.users.map((u) => u.userId);

function mapMessage(m: ChatMessage, names: Map<number, string>): ChatMessageDto {
  const senderId = m.senderId ?? null;
  return {
    id: m.id,
    chatId: m.chatId,
    senderId,
    sender: senderId == null ? null : { id: senderId, name: names.get(senderId) ?? '' },
    message: m.message,
    createdAt: m.createdAt,
  };
}
