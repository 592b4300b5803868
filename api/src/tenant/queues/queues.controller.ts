import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { PlanError } from '../plans/plan.errors';
import { CreateQueueDto, UpdateQueueDto } from './dto/create-queue.dto';
import { QueueDto } from './dto/queue.dto';
import { QueueError } from './queue.errors';
import { QueuesService } from './queues.service';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';

@ApiTags('queues')
@Audit({ target: 'queue' })
@Controller('queue')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @Endpoint({ summary: "The company's queues, by orderQueue then name", permission: 'queues:read', ok: [QueueDto] })
  listQueues(@Ctx() ctx: RequestContext): Promise<QueueDto[]> {
    return this.queues.list(ctx);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A queue of the company',
    permission: 'queues:read',
    ok: QueueDto,
    errors: [CommonError.ERR_VALIDATION, QueueError.ERR_QUEUE_NOT_FOUND],
  })
  getQueue(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<QueueDto> {
    return this.queues.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a queue',
    description: "A greeting message is required when the company will have more than one queue. Limited by the company's plan.",
    permission: 'queues:write',
    status: 201,
    ok: QueueDto,
    errors: [
      CommonError.ERR_VALIDATION,
      QueueError.ERR_QUEUE_GREETING_REQUIRED,
      QueueError.ERR_QUEUE_NAME_ALREADY_EXISTS,
      QueueError.ERR_QUEUE_COLOR_ALREADY_EXISTS,
      PlanError.ERR_PLAN_LIMIT_REACHED,
    ],
  })
  createQueue(@Ctx() ctx: RequestContext, @Body() body: CreateQueueDto): Promise<QueueDto> {
    return this.queues.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a queue',
    description: 'Only the fields sent change. While the company has more than one queue, the greeting message cannot be blank.',
    permission: 'queues:write',
    ok: QueueDto,
    errors: [
      CommonError.ERR_VALIDATION,
      QueueError.ERR_QUEUE_NOT_FOUND,
      QueueError.ERR_QUEUE_GREETING_REQUIRED,
      QueueError.ERR_QUEUE_NAME_ALREADY_EXISTS,
      QueueError.ERR_QUEUE_COLOR_ALREADY_EXISTS,
    ],
  })
  updateQueue(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateQueueDto): Promise<QueueDto> {
    return this.queues.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: "Delete a queue; users' assignments to it go with it",
    permission: 'queues:write',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, QueueError.ERR_QUEUE_NOT_FOUND],
  })
  deleteQueue(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.queues.remove(ctx, id);
  }
}
