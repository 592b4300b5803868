import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { mediaRoutes, MediaUploadDto } from '../../common/http/uploads/media-routes.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { ContactError } from '../../ticket/contacts/contact.errors';
import { CreateScheduleDto, ListSchedulesDto, ScheduleDto, SchedulePageDto, UpdateScheduleDto } from './dto/schedule.dto';
import { ScheduleError } from './schedule.errors';
import { SCHEDULE_MEDIA_MAX_BYTES, SchedulesService, UploadedScheduleFile } from './schedules.service';
import { AuditExempt } from '../../common/http/audit.decorator';

const WHO = "Every user of the company sees and manages all of the company's schedules (userId only records who made one).";
const FEATURE = 'useSchedules' as const;

const media = mediaRoutes({
  target: SchedulesService,
  maxBytes: SCHEDULE_MEDIA_MAX_BYTES,
  file: 'PNG or JPEG image (told from its content); at most 16 MB',
  typeArch: true,
  permission: 'session:self',
  feature: FEATURE,
  ok: ScheduleDto,
  errors: [ScheduleError.ERR_SCHEDULE_NOT_FOUND, ScheduleError.ERR_SCHEDULE_ALREADY_SENT],
});

@ApiTags('schedules')
@AuditExempt('attendance: an agent schedules a message to a contact')
@Controller('schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get()
  @Endpoint({
    summary: 'Schedules of the company for the calendar, 100 a page, by sendAt',
    description: `${WHO} daysAgo (default 60) keeps those whose sendAt is within the last N days or later; searchParam matches the text or the contact's name or number; contactId keeps one contact's.`,
    permission: 'session:self',
    feature: FEATURE,
    ok: SchedulePageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listSchedules(@Ctx() ctx: RequestContext, @Query() query: ListSchedulesDto): Promise<SchedulePageDto> {
    return this.schedules.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A schedule',
    description: WHO,
    permission: 'session:self',
    feature: FEATURE,
    ok: ScheduleDto,
    errors: [CommonError.ERR_VALIDATION, ScheduleError.ERR_SCHEDULE_NOT_FOUND],
  })
  getSchedule(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<ScheduleDto> {
    return this.schedules.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Schedule a message to a contact',
    description: `${WHO} It is sent once at sendAt (at once when that has passed) through the contact's connection, or the company's default one, in the contact's open or pending ticket or a new pending one; it then becomes ENVIADA, or ERRO with the reason.`,
    permission: 'session:self',
    feature: FEATURE,
    status: 201,
    ok: ScheduleDto,
    errors: [CommonError.ERR_VALIDATION, ContactError.ERR_NO_CONTACT_FOUND],
  })
  createSchedule(@Ctx() ctx: RequestContext, @Body() body: CreateScheduleDto): Promise<ScheduleDto> {
    return this.schedules.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Change a schedule not sent yet',
    description: `${WHO} Only the fields sent change. A sent one (ENVIADA) cannot be saved again (409); saving one in ERRO puts it back to PENDENTE.`,
    permission: 'session:self',
    feature: FEATURE,
    ok: ScheduleDto,
    errors: [CommonError.ERR_VALIDATION, ScheduleError.ERR_SCHEDULE_NOT_FOUND, ScheduleError.ERR_SCHEDULE_ALREADY_SENT, ContactError.ERR_NO_CONTACT_FOUND],
  })
  updateSchedule(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateScheduleDto): Promise<ScheduleDto> {
    return this.schedules.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a schedule and its image',
    description: `${WHO} A pending one is then never sent.`,
    permission: 'session:self',
    feature: FEATURE,
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ScheduleError.ERR_SCHEDULE_NOT_FOUND],
  })
  deleteSchedule(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.schedules.remove(ctx, id);
  }

  @media.upload({
    summary: 'Attach an image to a schedule (replaces the previous one)',
    description: `${WHO} Sent as an image with the text as its caption. Not on a sent schedule (409).`,
  })
  uploadScheduleMedia(
    @Ctx() ctx: RequestContext,
    @Param('id', IdPipe) id: number,
    @UploadedFile() file: UploadedScheduleFile | undefined,
    @Body() _body: MediaUploadDto,
  ): Promise<ScheduleDto> {
    return this.schedules.uploadMedia(ctx, id, file);
  }

  @media.remove({ summary: "Remove a schedule's image", description: `${WHO} Not on a sent schedule (409).` })
  deleteScheduleMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<ScheduleDto> {
    return this.schedules.deleteMedia(ctx, id);
  }
}
