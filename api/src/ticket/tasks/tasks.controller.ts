import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { IdPipe } from '../../common/http/ids';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreateTaskDto, TaskDto, UpdateTaskDto } from './dto/task.dto';
import { TaskError } from './task.errors';
import { TASKS_PER_USER_MAX, TasksService } from './tasks.service';
import { AuditExempt } from '../../common/http/audit.decorator';

const OWN = "Only the caller's own tasks exist for them: another user's task (same company or not) is 404.";

@ApiTags('tasks')
@AuditExempt("attendance: the users' own to-do list")
@Controller('tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  @Endpoint({
    summary: "The caller's tasks: pending first, then completed, newest first within each",
    description: `The whole list (at most ${TASKS_PER_USER_MAX}). ${OWN}`,
    permission: 'session:self',
    ok: [TaskDto],
  })
  listTasks(@Ctx() ctx: RequestContext): Promise<TaskDto[]> {
    return this.tasks.list(ctx);
  }

  @Post()
  @Endpoint({
    summary: "Add a task to the caller's list",
    description: `The description is sanitised before it is stored. created_at / updated_at sent by older clients are ignored: the server stamps both. At most ${TASKS_PER_USER_MAX} tasks per user (ERR_TASK_LIMIT).`,
    permission: 'session:self',
    status: 201,
    ok: TaskDto,
    errors: [CommonError.ERR_VALIDATION, TaskError.ERR_TASK_LIMIT],
  })
  createTask(@Ctx() ctx: RequestContext, @Body() body: CreateTaskDto): Promise<TaskDto> {
    return this.tasks.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Change a task (text, description, completed)',
    description: `Only the fields sent change; the description is sanitised again. ${OWN}`,
    permission: 'session:self',
    ok: TaskDto,
    errors: [CommonError.ERR_VALIDATION, TaskError.ERR_TASK_NOT_FOUND],
  })
  updateTask(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateTaskDto): Promise<TaskDto> {
    return this.tasks.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a task',
    description: OWN,
    permission: 'session:self',
    status: 204,
    errors: [CommonError.ERR_VALIDATION, TaskError.ERR_TASK_NOT_FOUND],
  })
  deleteTask(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.tasks.remove(ctx, id);
  }
}
