import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sendStoredFile } from '../../common/http/stored-file';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { mediaRoutes, MediaUploadDto } from '../../common/http/uploads/media-routes.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { QuickMessageError } from './quick-message.errors';
import {
  CreateQuickMessageDto,
  ListQuickMessagesDto,
  ListUsableQuickMessagesDto,
  QuickMessageDto,
  QuickMessagePageDto,
  UpdateQuickMessageDto,
} from './dto/quick-message.dto';
import { QUICK_MESSAGE_MEDIA_MAX_BYTES } from './quick-message-media';
import { QuickMessagesService, UploadedMediaFile } from './quick-messages.service';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';

const VISIBILITY = "A caller sees the company's shared quick messages and their own private ones; another user's private one is 404.";
const CHANGE = 'Its owner, or a tickets-manager:showall holder for a shared one.';

const media = mediaRoutes({
  target: QuickMessagesService,
  maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES,
  file: 'PNG, JPEG, GIF or WebP image, PDF, OGG or MP3 audio, MP4 video (told from its content); at most 16 MB',
  typeArch: true,
  permission: 'session:self',
  ok: QuickMessageDto,
  errors: [QuickMessageError.ERR_QUICK_MESSAGE_NOT_FOUND],
});

@ApiTags('quick-messages')
@Audit({ target: 'quick-message' })
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(private readonly quickMessages: QuickMessagesService) {}

  @Get()
  @Endpoint({
    summary: "The caller's usable quick messages by shortcode, 20 a page",
    description: `${VISIBILITY} searchParam matches shortcode or message.`,
    permission: 'session:self',
    ok: QuickMessagePageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listQuickMessages(@Ctx() ctx: RequestContext, @Query() query: ListQuickMessagesDto): Promise<QuickMessagePageDto> {
    return this.quickMessages.list(ctx, query);
  }

  @Get('list')
  @Endpoint({
    summary: 'Every quick message the caller can use (shared ones and their own), for the / shortcuts',
    description: "companyId is ignored; userId, if sent, must be the caller's own (403 otherwise).",
    permission: 'session:self',
    ok: [QuickMessageDto],
    errors: [CommonError.ERR_VALIDATION],
  })
  listUsableQuickMessages(@Ctx() ctx: RequestContext, @Query() query: ListUsableQuickMessagesDto): Promise<QuickMessageDto[]> {
    return this.quickMessages.listUsable(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A quick message',
    description: VISIBILITY,
    permission: 'session:self',
    ok: QuickMessageDto,
    errors: [CommonError.ERR_VALIDATION, QuickMessageError.ERR_QUICK_MESSAGE_NOT_FOUND],
  })
  getQuickMessage(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<QuickMessageDto> {
    return this.quickMessages.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a quick message owned by the caller',
    description: 'Private unless geral is true and the caller holds tickets-manager:showall.',
    permission: 'session:self',
    status: 201,
    ok: QuickMessageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  createQuickMessage(@Ctx() ctx: RequestContext, @Body() body: CreateQuickMessageDto): Promise<QuickMessageDto> {
    return this.quickMessages.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a quick message',
    description: `${CHANGE} Only the fields sent change.`,
    permission: 'session:self',
    ok: QuickMessageDto,
    errors: [CommonError.ERR_VALIDATION, QuickMessageError.ERR_QUICK_MESSAGE_NOT_FOUND],
  })
  updateQuickMessage(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateQuickMessageDto): Promise<QuickMessageDto> {
    return this.quickMessages.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a quick message and its attachment',
    description: CHANGE,
    permission: 'session:self',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, QuickMessageError.ERR_QUICK_MESSAGE_NOT_FOUND],
  })
  deleteQuickMessage(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.quickMessages.remove(ctx, id);
  }

  @Get(':id/media')
  @ApiProduces('application/octet-stream')
  @ApiResponse({ status: 200, description: 'The attachment, served with its own content type', schema: { type: 'string', format: 'binary' } })
  @Endpoint({
    summary: "A quick message's attachment",
    description: `${VISIBILITY} The composer loads it to send it with the quick message's text.`,
    permission: 'session:self',
    errors: [CommonError.ERR_VALIDATION, CommonError.ERR_NOT_FOUND, QuickMessageError.ERR_QUICK_MESSAGE_NOT_FOUND],
  })
  async getQuickMessageMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Res() res: Response): Promise<void> {
    return sendStoredFile(res, await this.quickMessages.mediaFile(ctx, id));
  }

  @media.upload({
    summary: 'Attach a file to a quick message (replaces the previous one)',
    description: `${CHANGE} The file is stored under a server-made name; mediaName keeps the original name for display.`,
  })
  uploadQuickMessageMedia(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedMediaFile | undefined,
    @Body() _body: MediaUploadDto,
  ): Promise<QuickMessageDto> {
    return this.quickMessages.uploadMedia(ctx, id, file);
  }

  @media.remove({ summary: "Remove a quick message's attachment", description: CHANGE })
  deleteQuickMessageMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<QuickMessageDto> {
    return this.quickMessages.deleteMedia(ctx, id);
  }
}
