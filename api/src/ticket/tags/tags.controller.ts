import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { TagError } from './tag.errors';
import { CreateTagDto, ListTagsDto, SyncTicketTagsDto, TagDto, TagPageDto, UpdateTagDto } from './dto/tag.dto';
import { TicketDto } from '../tickets/dto/ticket.dto';
import { KanbanService } from './kanban.service';
import { TagsService } from './tags.service';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';

const TICKET_ACCESS = "The ticket must be the company's and visible to the caller; sockets that see the ticket get a ticket update.";

@ApiTags('tags')
@Audit({ target: 'tag' })
@Controller('tags')
export class TagsController {
  constructor(
    private readonly tags: TagsService,
    private readonly kanban: KanbanService,
  ) {}

  @Get()
  @Endpoint({
    summary: "The company's tags by name, 20 a page, with their ticket counts",
    description: "A companyId query parameter is ignored: the company is the caller's.",
    permission: 'session:self',
    ok: TagPageDto,
    errors: [CommonError.ERR_VALIDATION],
  })
  listTags(@Ctx() ctx: RequestContext, @Query() query: ListTagsDto): Promise<TagPageDto> {
    return this.tags.list(ctx, query);
  }

  @Get('list')
  @Endpoint({ summary: 'Every tag of the company, for selects', permission: 'session:self', ok: [TagDto] })
  listAllTags(@Ctx() ctx: RequestContext): Promise<TagDto[]> {
    return this.tags.listAll(ctx);
  }

  @Get('kanban')
  @Endpoint({ summary: 'The kanban lanes: tags with kanban = 1', permission: 'session:self', ok: [TagDto] })
  listKanbanTags(@Ctx() ctx: RequestContext): Promise<TagDto[]> {
    return this.tags.listKanban(ctx);
  }

  @Post('sync')
  @Endpoint({
    summary: "Replace a ticket's tags",
    description: TICKET_ACCESS,
    permission: 'session:self',
    status: 200,
    ok: TicketDto,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_NO_TICKET_FOUND, TagError.ERR_TAG_NOT_FOUND],
  })
  syncTicketTags(@Ctx() ctx: RequestContext, @Body() body: SyncTicketTagsDto): Promise<TicketDto> {
    return this.kanban.sync(ctx, body);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A tag with its ticket count',
    permission: 'session:self',
    ok: TagDto,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_TAG_NOT_FOUND],
  })
  getTag(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<TagDto> {
    return this.tags.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a tag',
    description: 'Names are unique in the company (case-insensitive). kanban = 1 needs tags:kanban (admins and supervisors).',
    permission: 'session:self',
    status: 201,
    ok: TagDto,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_TAG_ALREADY_EXISTS],
  })
  createTag(@Ctx() ctx: RequestContext, @Body() body: CreateTagDto): Promise<TagDto> {
    return this.tags.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a tag',
    description: 'Only the fields sent change; changing kanban needs tags:kanban.',
    permission: 'session:self',
    ok: TagDto,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_TAG_NOT_FOUND, TagError.ERR_TAG_ALREADY_EXISTS],
  })
  updateTag(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateTagDto): Promise<TagDto> {
    return this.tags.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a tag and its ticket links',
    permission: 'session:self',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, TagError.ERR_TAG_NOT_FOUND],
  })
  deleteTag(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.tags.remove(ctx, id);
  }
}
