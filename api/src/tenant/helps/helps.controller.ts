import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreateHelpDto, HelpDto, HelpPageDto, UpdateHelpDto } from './dto/help.dto';
import { HelpError } from './help.errors';
import { HelpsService } from './helps.service';
import { Audit } from '../../common/http/audit.decorator';

const PLATFORM = "Help videos are the platform's, the same for every company.";

@ApiTags('helps')
@Audit({ target: 'help', scope: 'platform' })
@Controller('helps')
export class HelpsController {
  constructor(private readonly helps: HelpsService) {}

  @Get()
  @Endpoint({
    summary: 'Help videos by title, 20 a page',
    description: `${PLATFORM} searchParam matches title or description.`,
    permission: 'helps:read',
    ok: HelpPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listHelps(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<HelpPageDto> {
    return this.helps.list(ctx, query);
  }

  @Get('list')
  @Endpoint({ summary: 'Every help video, by title (the /helps page)', description: PLATFORM, permission: 'helps:read', ok: [HelpDto] })
  listAllHelps(@Ctx() ctx: RequestContext): Promise<HelpDto[]> {
    return this.helps.listAll(ctx);
  }

  @Post()
  @Endpoint({
    summary: 'Add a help video',
    permission: 'helps:manage',
    status: 201,
    ok: HelpDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  createHelp(@Ctx() ctx: RequestContext, @Body() body: CreateHelpDto): Promise<HelpDto> {
    return this.helps.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a help video',
    description: 'Only the fields sent change.',
    permission: 'helps:manage',
    ok: HelpDto,
    errors: [CommonError.ERR_VALIDATION, HelpError.ERR_HELP_NOT_FOUND],
  })
  updateHelp(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateHelpDto): Promise<HelpDto> {
    return this.helps.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a help video',
    permission: 'helps:manage',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, HelpError.ERR_HELP_NOT_FOUND],
  })
  deleteHelp(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.helps.remove(ctx, id);
  }
}
