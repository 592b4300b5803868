import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { RequestContext } from '../../common/access/request-context';
import { RealtimeService } from '../../realtime/realtime.service';
import { CreateTaskDto, mapTask, TASK_DESCRIPTION_MAX, TaskDto, UpdateTaskDto } from './dto/task.dto';
import { sanitizeTaskHtml } from './task-html';
import { Task } from './task.entity';
import { TaskError } from './task.errors';

/** How many tasks one user may hold (pending and completed); the list is answered whole. */
export const TASKS_PER_USER_MAX = 1000;

/**
 * The caller's personal to-do list. Every query names the caller as owner: another user's task, in the same
 * company or not, does not exist for them (404). Descriptions are sanitised on every write (see task-html.ts).
 */
@Injectable()
export class TasksService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  /** Pending first, then completed; newest first within each. */
  async list(ctx: RequestContext): Promise<TaskDto[]> {
    const rows = await this.em.find(
      Task,
      { companyId: ctx.companyId, userId: ctx.userId },
      { orderBy: { completed: 'asc', createdAt: 'desc', id: 'desc' }, limit: TASKS_PER_USER_MAX },
    );
    return rows.map(mapTask);
  }

  async create(ctx: RequestContext, dto: CreateTaskDto): Promise<TaskDto> {
    const description = this.description(dto.description ?? '');
    const count = await this.em.count(Task, { companyId: ctx.companyId, userId: ctx.userId });
    if (count >= TASKS_PER_USER_MAX) throw new AppError(TaskError.ERR_TASK_LIMIT, `At most ${TASKS_PER_USER_MAX} tasks per user: delete some first`);
    const row = this.em.create(Task, { companyId: ctx.companyId, userId: ctx.userId, text: dto.text, description });
    await this.em.flush();
    return this.emit(ctx, 'create', row);
  }

  async update(ctx: RequestContext, id: number, dto: UpdateTaskDto): Promise<TaskDto> {
    const row = await this.find(ctx, id);
    const description = dto.description !== undefined ? this.description(dto.description) : undefined;
    if (dto.text !== undefined) row.text = dto.text;
    if (description !== undefined) row.description = description;
    if (dto.completed !== undefined) row.completed = dto.completed;
    // An update that sends nothing new still answers the task (and moves nothing).
    await this.em.flush();
    return this.emit(ctx, 'update', row);
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.find(ctx, id);
    await this.em.nativeDelete(Task, { id: row.id, companyId: ctx.companyId, userId: ctx.userId });
    this.em.getUnitOfWork().unsetIdentity(row);
    this.realtime.emitToOwner(ctx.companyId, ctx.userId, 'task', { action: 'delete', taskId: row.id });
  }

  private description(html: string): string {
    const clean = sanitizeTaskHtml(html);
    if (clean.length > TASK_DESCRIPTION_MAX) throw validationError([{ field: 'description', messages: ['Too Long!'] }]);
    return clean;
  }

  private async find(ctx: RequestContext, id: number): Promise<Task> {
    const row = isId(id) ? await this.em.findOne(Task, { id, companyId: ctx.companyId, userId: ctx.userId }) : null;
    if (!row) throw new AppError(TaskError.ERR_TASK_NOT_FOUND);
    return row;
  }

  private emit(ctx: RequestContext, action: 'create' | 'update', row: Task): TaskDto {
    const task = mapTask(row);
    this.realtime.emitToOwner(ctx.companyId, ctx.userId, 'task', { action, task });
    return task;
  }
}
