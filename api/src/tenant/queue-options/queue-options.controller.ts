import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreateQueueOptionDto, ListQueueOptionsDto, QueueOptionDto, UpdateQueueOptionDto } from './dto/queue-option.dto';
import { QueueOptionError } from './queue-option.errors';
import { QueueOptionsService } from './queue-options.service';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_QUEUE_NOT_FOUND, ERR_QUEUE_OPTION_NOT_FOUND, ERR_QUEUE_OPTION_NUMBER_TAKEN } = QueueOptionError;

@ApiTags('queue-options')
@Audit({ target: 'queue-option' })
@Controller('queue-options')
export class QueueOptionsController {
  constructor(private readonly options: QueueOptionsService) {}

  @Get()
  @Endpoint({
    summary: "A level of a queue's chatbot menu, by option number",
    description: 'parentId -1: the first level; an option id: its children; absent: every option of the queue, level by level.',
    permission: 'queues:read',
    ok: [QueueOptionDto],
    errors: [CommonError.ERR_VALIDATION, ERR_QUEUE_NOT_FOUND],
  })
  listQueueOptions(@Ctx() ctx: RequestContext, @Query() query: ListQueueOptionsDto): Promise<QueueOptionDto[]> {
    return this.options.list(ctx, query);
  }

  @Post()
  @Endpoint({
    summary: "Add an option to a queue's chatbot menu",
    description: 'Without an option number it takes the next one after its last sibling.',
    permission: 'queues:write',
    status: 201,
    ok: QueueOptionDto,
    errors: [CommonError.ERR_VALIDATION, ERR_QUEUE_NOT_FOUND, ERR_QUEUE_OPTION_NOT_FOUND, ERR_QUEUE_OPTION_NUMBER_TAKEN],
  })
  createQueueOption(@Ctx() ctx: RequestContext, @Body() body: CreateQueueOptionDto): Promise<QueueOptionDto> {
    return this.options.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a queue option',
    description: 'Only the fields sent change; an option stays in its queue and under its parent.',
    permission: 'queues:write',
    ok: QueueOptionDto,
    errors: [CommonError.ERR_VALIDATION, ERR_QUEUE_OPTION_NOT_FOUND, ERR_QUEUE_OPTION_NUMBER_TAKEN],
  })
  updateQueueOption(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateQueueOptionDto): Promise<QueueOptionDto> {
    return this.options.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a queue option and every option below it',
    description: 'The remaining options of its level are renumbered 1..n in their order.',
    permission: 'queues:write',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, ERR_QUEUE_OPTION_NOT_FOUND],
  })
  deleteQueueOption(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.options.remove(ctx, id);
  }
}
