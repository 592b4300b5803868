import { Body, Controller, Delete, Get, Param, Post, Query, Res, UploadedFiles } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProduces, ApiTags, ApiParam, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { sendStoredFile } from '../../common/http/stored-file';
import { Upload } from '../../common/http/uploads/upload.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { MessageDto } from './dto/message.dto';
import { MessageSearchDto, SearchMessagesDto } from './dto/message-search.dto';
import { EditMessageDto, ListMessagesDto, MESSAGE_MAX, MessagePageDto, SendMessageDto, SentMessagesDto } from './dto/send-message.dto';
import { ConnectionError } from '../../connection/connection.errors';
import { MessageError } from './message.errors';
import { MessagesService } from './messages.service';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UploadedMedia } from './uploads';
import { BigIdPipe, IdPipe } from '../../common/http/ids';
import { AuditExempt } from '../../common/http/audit.decorator';

@ApiTags('messages')
@AuditExempt('attendance: sending, editing and deleting messages')
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('media/:id')
  @ApiProduces('application/octet-stream')
  @ApiResponse({ status: 200, description: 'The file, served with its own content type', schema: { type: 'string', format: 'binary' } })
  @Endpoint({ summary: "A message's media file", permission: 'session:self', errors: [CommonError.ERR_NOT_FOUND, CommonError.ERR_VALIDATION] })
  async getMessageMedia(@Ctx() ctx: RequestContext, @Param('id', BigIdPipe) id: string, @Res() res: Response): Promise<void> {
    return sendStoredFile(res, await this.messages.mediaFile(ctx, id));
  }

  @Get(':id/search')
  @ApiParam({ name: 'id', description: "The ticket's id" })
  @Endpoint({
    summary: "Find text in a ticket's conversation (its history included), newest first, with the page that holds each hit",
    permission: 'session:self',
    ok: MessageSearchDto,
    errors: [MessageError.ERR_NO_TICKET_FOUND, CommonError.ERR_NO_PERMISSION, CommonError.ERR_VALIDATION],
  })
  searchMessages(@Ctx() ctx: RequestContext, @Param('id', IdPipe) ticketId: number, @Query() query: SearchMessagesDto): Promise<MessageSearchDto> {
    return this.messages.search(ctx, ticketId, query.q);
  }

  @Get(':id')
  @ApiParam({ name: 'id', description: "The ticket's id" })
  @Endpoint({
    summary: "A page of a ticket's messages; opening it marks them read",
    permission: 'session:self',
    ok: MessagePageDto,
    errors: [MessageError.ERR_NO_TICKET_FOUND, CommonError.ERR_VALIDATION],
  })
  listMessages(@Ctx() ctx: RequestContext, @Param('id', IdPipe) ticketId: number, @Query() query: ListMessagesDto): Promise<MessagePageDto> {
    return this.messages.list(ctx, ticketId, query.pageNumber);
  }

  @Post(':id')
  @ApiParam({ name: 'id', description: "The ticket's id" })
  @Upload({ field: 'medias', maxFiles: UPLOAD_MAX_FILES, maxBytes: UPLOAD_MAX_BYTES, target: { service: MessagesService } })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    description: `JSON { body, quotedMsg? } or multipart with up to ${UPLOAD_MAX_FILES} files in \`medias\` and an optional \`body\` caption`,
    schema: {
      type: 'object',
      properties: {
        body: { type: 'string', maxLength: MESSAGE_MAX },
        quotedMsg: { type: 'object', properties: { id: { type: 'string' } } },
        medias: { type: 'array', items: { type: 'string', format: 'binary' } },
        voiceNote: {
          type: 'boolean',
          description:
            'The one file in medias is a voice recording: made Ogg Opus (WebM Opus is rewritten without re-encoding; other audio is converted) and sent as a WhatsApp voice note (push-to-talk)',
        },
      },
    },
  })
  @Endpoint({
    summary: 'Send a message (text or files) on an open ticket',
    description:
      "Stored at once with ack 0 and sent in the background; acks follow on the socket (appMessage update). A send that finally fails shows ack -1 and sendError ERR_SENDING_WAPP_MSG. On an official connection outside the customer's 24-hour window (GET /messages/{ticketId}/window) nothing is stored: 409 ERR_WINDOW_CLOSED (send a template: POST /messages/{ticketId}/template).",
    permission: 'session:self',
    status: 201,
    ok: SentMessagesDto,
    errors: [
      MessageError.ERR_NO_TICKET_FOUND,
      MessageError.ERR_TICKET_NOT_OPEN,
      MessageError.ERR_EMPTY_MESSAGE,
      MessageError.ERR_UNSUPPORTED_MEDIA_TYPE,
      MessageError.ERR_MEDIA_TOO_LARGE,
      MessageError.ERR_QUOTED_MESSAGE_NOT_FOUND,
      ConnectionError.ERR_WINDOW_CLOSED,
      CommonError.ERR_VALIDATION,
    ],
  })
  sendMessage(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) ticketId: number,
    @Body() body: SendMessageDto,
    @UploadedFiles() files: UploadedMedia[] = [],
  ): Promise<SentMessagesDto> {
    return this.messages.send(ctx, ticketId, body, files);
  }

  @Post('edit/:messageId')
  @Endpoint({
    summary: 'Edit one of your text messages, within 15 minutes',
    description: 'The previous text is kept in oldMessages; the edit reaches the contact through the provider.',
    permission: 'session:self',
    status: 200,
    ok: MessageDto,
    errors: [
      MessageError.ERR_NO_MESSAGE_FOUND,
      MessageError.ERR_MESSAGE_NOT_EDITABLE,
      MessageError.ERR_EDIT_WAPP_MSG,
      ConnectionError.ERR_WAPP_NOT_INITIALIZED,
      ConnectionError.ERR_NOT_ON_OFFICIAL,
      CommonError.ERR_VALIDATION,
    ],
  })
  editMessage(@Ctx() ctx: RequestContext, @Param('messageId', BigIdPipe) messageId: string, @Body() body: EditMessageDto): Promise<MessageDto> {
    return this.messages.edit(ctx, messageId, body);
  }

  @Delete(':id')
  @ApiParam({ name: 'id', description: "The message's id (GET and POST on this path take a ticket's id, as the spec's paths do)" })
  @Endpoint({
    summary: 'Delete one of your messages for everyone, within 15 minutes',
    permission: 'session:self',
    status: 204,
    errors: [
      MessageError.ERR_NO_MESSAGE_FOUND,
      MessageError.ERR_MESSAGE_NOT_EDITABLE,
      MessageError.ERR_DELETE_WAPP_MSG,
      ConnectionError.ERR_WAPP_NOT_INITIALIZED,
      ConnectionError.ERR_NOT_ON_OFFICIAL,
    ],
  })
  deleteMessage(@Ctx() ctx: RequestContext, @Param('id', BigIdPipe) id: string): Promise<void> {
    return this.messages.remove(ctx, id);
  }
}
