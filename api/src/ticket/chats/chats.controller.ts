import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { IdPipe } from '../../common/http/ids';
import { ChatError } from './chat.errors';
import { ChatsService } from './chats.service';
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
import { AuditExempt } from '../../common/http/audit.decorator';

const MEMBERS = 'Only members see a chat: for anyone else it does not exist (404).';
const OWNER = `${MEMBERS} Only its owner (the creator) may do this; another member gets 403.`;
const ERRORS = [CommonError.ERR_VALIDATION, ChatError.ERR_CHAT_NOT_FOUND];

@ApiTags('chats')
@AuditExempt('attendance: the internal chat between users')
@Controller('chats')
export class ChatsController {
  constructor(private readonly chats: ChatsService) {}

  @Get()
  @Endpoint({
    summary: "The caller's internal chats, latest activity first, 20 a page",
    description: 'Only chats the caller is a member of. searchParam matches the title.',
    permission: 'session:self',
    feature: 'useInternalChat',
    ok: ChatPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listChats(@Ctx() ctx: RequestContext, @Query() query: ListChatsDto): Promise<ChatPageDto> {
    return this.chats.list(ctx, query);
  }

  @Get(':id')
  @ApiParam({ name: 'id', type: String, description: "The chat's id, or its uuid (the console's /chats/{uuid} address)" })
  @Endpoint({
    summary: 'An internal chat with its members',
    description: MEMBERS,
    permission: 'session:self',
    feature: 'useInternalChat',
    ok: ChatDto,
    errors: ERRORS,
  })
  getChat(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<ChatDto> {
    return this.chats.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create an internal chat owned by the caller',
    description: "The caller and the users sent are its members; users must be of the caller's company (400 naming users otherwise).",
    permission: 'session:self',
    feature: 'useInternalChat',
    status: 201,
    ok: ChatDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  createChat(@Ctx() ctx: RequestContext, @Body() body: CreateChatDto): Promise<ChatDto> {
    return this.chats.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Rename a chat or change its members',
    description: `${OWNER} Members removed get the chat's delete event.`,
    permission: 'session:self',
    feature: 'useInternalChat',
    ok: ChatDto,
    errors: [...ERRORS, CommonError.ERR_NO_PERMISSION],
  })
  updateChat(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateChatDto): Promise<ChatDto> {
    return this.chats.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a chat and its messages',
    description: OWNER,
    permission: 'session:self',
    feature: 'useInternalChat',
    status: 204,
    errors: [...ERRORS, CommonError.ERR_NO_PERMISSION],
  })
  deleteChat(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.chats.remove(ctx, id);
  }

  @Post(':id/read')
  @Endpoint({
    summary: 'Mark a chat read for the caller',
    description: `${MEMBERS} userId must be the caller's own (403 otherwise).`,
    permission: 'session:self',
    feature: 'useInternalChat',
    // What it answers (a POST's default): the contract said 200 until the examples recorder called it.
    status: 201,
    ok: ChatDto,
    errors: [...ERRORS, CommonError.ERR_NO_PERMISSION],
  })
  readChat(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: ReadChatDto): Promise<ChatDto> {
    return this.chats.markRead(ctx, id, body);
  }

  @Get(':id/messages')
  @Endpoint({
    summary: "A page of a chat's messages, newest first (20 a page)",
    description: MEMBERS,
    permission: 'session:self',
    feature: 'useInternalChat',
    ok: ChatMessagePageDto,
    errors: ERRORS,
  })
  listChatMessages(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Query() query: ListChatMessagesDto): Promise<ChatMessagePageDto> {
    return this.chats.messages(ctx, id, query);
  }

  @Post(':id/messages')
  @Endpoint({
    summary: 'Send a message to a chat',
    description: `${MEMBERS} The text is trimmed; blank is refused. The other members' unread counts grow by one.`,
    permission: 'session:self',
    feature: 'useInternalChat',
    status: 201,
    ok: ChatMessageDto,
    errors: ERRORS,
  })
  sendChatMessage(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: SendChatMessageDto): Promise<ChatMessageDto> {
    return this.chats.send(ctx, id, body);
  }
}
