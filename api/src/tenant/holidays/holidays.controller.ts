import { Body, Controller, Delete, Get, Param, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { mediaRoutes } from '../../common/http/uploads/media-routes.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreateHolidayDto, HolidayDto, HolidayPageDto, UpdateHolidayDto } from './dto/holiday.dto';
import { HOLIDAY_MEDIA_MAX_BYTES } from './holiday-media';
import { HolidayError } from './holiday.errors';
import { HolidaysService, UploadedHolidayFile } from './holidays.service';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_HOLIDAY_NOT_FOUND, ERR_HOLIDAY_ALREADY_SENT } = HolidayError;
const SENT = 'Refused with 409 ERR_HOLIDAY_ALREADY_SENT once the message went out (sentAt set).';

const media = mediaRoutes({
  target: HolidaysService,
  maxBytes: HOLIDAY_MEDIA_MAX_BYTES,
  file: 'PNG or JPEG image (told from its content); at most 16 MB',
  permission: 'holidays:manage',
  ok: HolidayDto,
  errors: [ERR_HOLIDAY_NOT_FOUND, ERR_HOLIDAY_ALREADY_SENT],
});

@ApiTags('holidays')
@Audit({ target: 'holiday' })
@Controller('holidays')
export class HolidaysController {
  constructor(private readonly holidays: HolidaysService) {}

  @Get()
  @Endpoint({
    summary: "The company's holidays by date, 20 a page",
    description: 'searchParam matches name or message.',
    permission: 'holidays:manage',
    ok: HolidayPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listHolidays(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<HolidayPageDto> {
    return this.holidays.list(ctx, query);
  }

  @Get(':id')
  @Endpoint({ summary: 'A holiday', permission: 'holidays:manage', ok: HolidayDto, errors: [CommonError.ERR_VALIDATION, ERR_HOLIDAY_NOT_FOUND] })
  getHoliday(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<HolidayDto> {
    return this.holidays.get(ctx, id);
  }

  @Post()
  @Endpoint({ summary: 'Add a holiday', permission: 'holidays:manage', status: 201, ok: HolidayDto, errors: [CommonError.ERR_VALIDATION] })
  createHoliday(@Ctx() ctx: RequestContext, @Body() body: CreateHolidayDto): Promise<HolidayDto> {
    return this.holidays.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a holiday',
    description: `Only the fields sent change; a holiday whose send failed (ERRO) becomes PENDENTE again. ${SENT}`,
    permission: 'holidays:manage',
    ok: HolidayDto,
    errors: [CommonError.ERR_VALIDATION, ERR_HOLIDAY_NOT_FOUND, ERR_HOLIDAY_ALREADY_SENT],
  })
  updateHoliday(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateHolidayDto): Promise<HolidayDto> {
    return this.holidays.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a holiday and its image',
    permission: 'holidays:manage',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ERR_HOLIDAY_NOT_FOUND],
  })
  deleteHoliday(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.holidays.remove(ctx, id);
  }

  @media.upload({
    summary: "Attach an image to a holiday's message (replaces the previous one)",
    description: `The file is stored under a server-made name; mediaName keeps the original name for display. ${SENT}`,
  })
  uploadHolidayMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @UploadedFile() file: UploadedHolidayFile | undefined): Promise<HolidayDto> {
    return this.holidays.uploadMedia(ctx, id, file);
  }

  @media.remove({ summary: "Remove a holiday's image", description: SENT })
  deleteHolidayMedia(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<HolidayDto> {
    return this.holidays.deleteMedia(ctx, id);
  }
}
