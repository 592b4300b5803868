import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { sendStoredFile } from '../../common/http/stored-file';
import { mediaRoutes, MediaUploadDto } from '../../common/http/uploads/media-routes.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from './announcement-media';
import { AnnouncementError } from './announcement.errors';
import { AnnouncementsService, UploadedAnnouncementFile } from './announcements.service';
import { AnnouncementDto, AnnouncementPageDto, CreateAnnouncementDto, ListAnnouncementsDto, UpdateAnnouncementDto } from './dto/announcement.dto';
import { Audit } from '../../common/http/audit.decorator';

const READ =
  'Announcements are the platform’s, the same for every company. Holders of announcements:manage (super users) read every one, active or not; everyone else only the active ones (an inactive one is 404 to them).';
const { ERR_ANNOUNCEMENT_NOT_FOUND } = AnnouncementError;

const media = mediaRoutes({
  target: AnnouncementsService,
  maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES,
  file: 'PNG or JPEG image (told from its content); at most 10 MB',
  typeArch: true,
  permission: 'announcements:manage',
  ok: AnnouncementDto,
  errors: [ERR_ANNOUNCEMENT_NOT_FOUND],
});

@ApiTags('announcements')
@Audit({ target: 'announcement', scope: 'platform' })
@Controller('announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  @Endpoint({
    summary: 'System announcements, newest first, 20 a page',
    description: `${READ} searchParam matches title or text; onlyActive=true gives super users the bell's list too.`,
    permission: 'session:self',
    ok: AnnouncementPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listAnnouncements(@Ctx() ctx: RequestContext, @Query() query: ListAnnouncementsDto): Promise<AnnouncementPageDto> {
    return this.announcements.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'An announcement',
    description: READ,
    permission: 'session:self',
    ok: AnnouncementDto,
    errors: [CommonError.ERR_VALIDATION, ERR_ANNOUNCEMENT_NOT_FOUND],
  })
  getAnnouncement(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<AnnouncementDto> {
    return this.announcements.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Publish an announcement',
    description: 'Priority 3 and active unless sent. Every company’s bell shows an active one at once (company-announcement).',
    permission: 'announcements:manage',
    status: 201,
    ok: AnnouncementDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  createAnnouncement(@Ctx() ctx: RequestContext, @Body() body: CreateAnnouncementDto): Promise<AnnouncementDto> {
    return this.announcements.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Change an announcement',
    description: 'Only the fields sent change. Turning one inactive takes it out of every bell.',
    permission: 'announcements:manage',
    ok: AnnouncementDto,
    errors: [CommonError.ERR_VALIDATION, ERR_ANNOUNCEMENT_NOT_FOUND],
  })
  updateAnnouncement(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateAnnouncementDto): Promise<AnnouncementDto> {
    return this.announcements.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete an announcement and its attachment',
    permission: 'announcements:manage',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ERR_ANNOUNCEMENT_NOT_FOUND],
  })
  deleteAnnouncement(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.announcements.remove(ctx, id);
  }

  @Get(':id/media')
  @ApiProduces('image/png', 'image/jpeg')
  @ApiResponse({ status: 200, description: 'The attachment, served with its own content type', schema: { type: 'string', format: 'binary' } })
  @Endpoint({
    summary: "An announcement's attachment",
    description: `${READ} Needs the session's Authorization header like every route (clients load it as a blob).`,
    permission: 'session:self',
    errors: [CommonError.ERR_VALIDATION, CommonError.ERR_NOT_FOUND, ERR_ANNOUNCEMENT_NOT_FOUND],
  })
  async getAnnouncementMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Res() res: Response): Promise<void> {
    return sendStoredFile(res, await this.announcements.mediaFile(ctx, id), { cacheControl: 'private, max-age=3600' });
  }

  @media.upload({
    summary: 'Attach an image to an announcement (replaces the previous one)',
    description: 'Stored under a server-made name; mediaName keeps the original name for display.',
  })
  uploadAnnouncementMedia(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedAnnouncementFile | undefined,
    @Body() _body: MediaUploadDto,
  ): Promise<AnnouncementDto> {
    return this.announcements.uploadMedia(ctx, id, file);
  }

  @media.remove({ summary: "Remove an announcement's attachment" })
  deleteAnnouncementMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<AnnouncementDto> {
    return this.announcements.deleteMedia(ctx, id);
  }
}
