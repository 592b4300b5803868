import { Injectable } from '@nestjs/common';
import { LockMode, QueryOrder, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, FieldError, validationError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company, DEFAULT_SCHEDULES, WeeklyHours } from '../companies/company.entity';
import { PlanLimitsService } from '../plans/plan-limits.service';
import { CreateQueueDto, UpdateQueueDto } from './dto/create-queue.dto';
import { mapQueue, QueueDto } from './dto/queue.dto';
import { QueueError } from './queue.errors';
import { Queue } from './queue.entity';
import { isId } from '../../common/http/ids';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { linkQueueAndPrompt, type LinkChanges } from './queue-prompt-link';
import { integrationExists, promptExists } from './queues.queries';
import { blankToNull, greetingMissing, scheduleErrors, storedSchedules, takenField } from './queues.rules';

/** Queues of the caller's company. Every query names `companyId` itself; the tenant filter is the net under it. */
@Injectable()
export class QueuesService {
  /** Announces prompts whose queue a queue save changed (set by the prompts module, which owns their shape). */
  private promptAnnouncer?: (companyId: RequestContext['companyId'], promptIds: number[]) => Promise<void>;

  constructor(
    private readonly em: EntityManager,
    private readonly limits: PlanLimitsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The prompts module hands its announcer here: tenant does not import automation. */
  announcePromptsWith(announcer: (companyId: RequestContext['companyId'], promptIds: number[]) => Promise<void>): void {
    this.promptAnnouncer = announcer;
  }

  async list(ctx: RequestContext): Promise<QueueDto[]> {
    const queues = await this.em.find(
      Queue,
      { companyId: ctx.companyId },
      { orderBy: { orderQueue: QueryOrder.ASC_NULLS_LAST, name: QueryOrder.ASC, id: QueryOrder.ASC } },
    );
    return queues.map(mapQueue);
  }

  async get(ctx: RequestContext, id: number): Promise<QueueDto> {
    return mapQueue(await this.findOwned(this.em, ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateQueueDto): Promise<QueueDto> {
    const schedules = dto.schedules ? this.checkSchedules(dto.schedules) : DEFAULT_SCHEDULES;
    let changes: LinkChanges = { queueIds: [], promptIds: [] };
    const queue = await this.withUniqueConflict(() =>
      this.em.transactional(async (em) => {
        // Serialises queue changes per company: the plan limit and the greeting rule count the company's queues.
        // (And the queue-prompt link: prompts take the same lock.)
        await em.findOneOrFail(Company, { id: ctx.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const others = await em.find(Queue, { companyId: ctx.companyId });
        this.assertUnique(others, dto.name, dto.color);
        if (greetingMissing(others.length + 1, blankToNull(dto.greetingMessage))) throw this.greetingRequired();
        await this.limits.assertCanAdd(ctx.companyId, 'queues', others.length);
        const created = em.create(Queue, {
          companyId: ctx.companyId,
          name: dto.name,
          color: dto.color,
          orderQueue: dto.orderQueue ?? null,
          greetingMessage: blankToNull(dto.greetingMessage),
          outOfHoursMessage: blankToNull(dto.outOfHoursMessage),
          promptId: dto.promptId ?? null,
          integrationId: dto.integrationId ?? null,
          optionHolidays: dto.optionHolidays ?? 'disabled',
          schedules,
        });
        await this.assertAgents(em, ctx, dto);
        // The prompt's former queue lets go before this one takes it (one queue per prompt).
        const before = dto.promptId != null ? await linkQueueAndPrompt(em, ctx.companyId, { queueId: null, promptId: dto.promptId }) : undefined;
        await em.flush();
        if (dto.promptId != null) {
          const after = await linkQueueAndPrompt(em, ctx.companyId, { queueId: created.id, promptId: dto.promptId });
          changes = { queueIds: before?.queueIds ?? [], promptIds: [...after.promptIds, dto.promptId] };
        }
        return created;
      }),
    );
    const answer = mapQueue(queue);
    this.realtime.emit(ctx.companyId, 'queue', { action: 'create', queue: answer });
    await this.announceLinked(ctx, changes);
    return answer;
  }

  async update(ctx: RequestContext, id: number, dto: UpdateQueueDto): Promise<QueueDto> {
    const schedules = dto.schedules ? this.checkSchedules(dto.schedules) : undefined;
    let changes: LinkChanges = { queueIds: [], promptIds: [] };
    const queue = await this.withUniqueConflict(() =>
      this.em.transactional(async (em) => {
        await em.findOneOrFail(Company, { id: ctx.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const queue = await this.findOwned(em, ctx, id);
        const formerPromptId = queue.promptId ?? null;
        const all = await em.find(Queue, { companyId: ctx.companyId });
        this.assertUnique(
          all.filter((q) => q.id !== queue.id),
          dto.name ?? queue.name,
          dto.color ?? queue.color,
        );
        const greeting = dto.greetingMessage !== undefined ? blankToNull(dto.greetingMessage) : (queue.greetingMessage ?? null);
        if (greetingMissing(all.length, greeting)) throw this.greetingRequired();
        if (dto.name !== undefined) queue.name = dto.name;
        if (dto.color !== undefined) queue.color = dto.color;
        if (dto.orderQueue !== undefined) queue.orderQueue = dto.orderQueue;
        if (dto.greetingMessage !== undefined) queue.greetingMessage = greeting;
        if (dto.outOfHoursMessage !== undefined) queue.outOfHoursMessage = blankToNull(dto.outOfHoursMessage);
        if (schedules) queue.schedules = schedules;
        if (dto.promptId !== undefined) queue.promptId = dto.promptId;
        if (dto.integrationId !== undefined) queue.integrationId = dto.integrationId;
        if (dto.optionHolidays !== undefined) queue.optionHolidays = dto.optionHolidays;
        await this.assertAgents(em, ctx, dto);
        if (dto.promptId !== undefined) {
          // Both sides of the link before the row: the prompt's "Setor" follows the queue's choice.
          const linked = await linkQueueAndPrompt(em, ctx.companyId, { queueId: queue.id, promptId: dto.promptId });
          const touched = [...linked.promptIds, ...(dto.promptId !== null ? [dto.promptId] : []), ...(formerPromptId !== null ? [formerPromptId] : [])];
          changes = { queueIds: linked.queueIds, promptIds: [...new Set(touched)] };
        }
        await em.flush();
        return queue;
      }),
    );
    const answer = mapQueue(queue);
    this.realtime.emit(ctx.companyId, 'queue', { action: 'update', queue: answer });
    await this.announceLinked(ctx, changes);
    return answer;
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const queue = await this.findOwned(this.em, ctx, id);
    // Users' queue assignments go with it (user_queues cascades).
    await this.em.nativeDelete(Queue, { id: queue.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(queue);
    this.realtime.emit(ctx.companyId, 'queue', { action: 'delete', queueId: id });
  }

  private async findOwned(em: EntityManager, ctx: RequestContext, id: number): Promise<Queue> {
    const queue = isId(id) ? await em.findOne(Queue, { id, companyId: ctx.companyId }) : null;
    if (!queue) throw new AppError(QueueError.ERR_QUEUE_NOT_FOUND);
    return queue;
  }

  /** Names and colours are unique per company, compared case-insensitively (`#FFF` and `#fff` are one colour). */
  private assertUnique(others: Queue[], name: string, color: string): void {
    const taken = takenField(others, name, color);
    if (taken) throw this.conflict(taken);
  }

  private checkSchedules(schedules: WeeklyHours[]): WeeklyHours[] {
    const fields = scheduleErrors(schedules);
    if (fields.length) throw validationError(fields);
    return storedSchedules(schedules);
  }

  private async withUniqueConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      // Two requests at once past the check: the unique indexes decide.
      if (e instanceof UniqueConstraintViolationException) throw this.conflict(e.message.includes('color') ? 'color' : 'name');
      throw e;
    }
  }

  private conflict(field: 'name' | 'color'): AppError {
    const def = field === 'color' ? QueueError.ERR_QUEUE_COLOR_ALREADY_EXISTS : QueueError.ERR_QUEUE_NAME_ALREADY_EXISTS;
    return new AppError(def, undefined, [{ field, messages: [def.message] }]);
  }

  /**
   * The prompt and integration named must be the company's, and its plan must allow them (useOpenAi,
   * useIntegrations). Read by table name: tenant does not import the automation module that owns them.
   */
  private async assertAgents(em: EntityManager, ctx: RequestContext, dto: Pick<CreateQueueDto, 'promptId' | 'integrationId'>): Promise<void> {
    const fields: FieldError[] = [];
    const sql = tenantSql(em, ctx.companyId);
    if (dto.promptId != null) {
      if (!ctx.features.useOpenAi) fields.push({ field: 'promptId', messages: ['The plan does not include AI prompts'] });
      else if (!isId(dto.promptId) || !(await promptExists(sql, dto.promptId))) fields.push({ field: 'promptId', messages: ['Unknown prompt'] });
    }
    if (dto.integrationId != null) {
      if (!ctx.features.useIntegrations) fields.push({ field: 'integrationId', messages: ['The plan does not include integrations'] });
      else if (!isId(dto.integrationId) || !(await integrationExists(sql, dto.integrationId))) {
        fields.push({ field: 'integrationId', messages: ['Unknown integration'] });
      }
    }
    if (fields.length) throw validationError(fields);
  }

  /** The other queues and the prompts a link change touched: their screens follow at once. */
  private async announceLinked(ctx: RequestContext, changes: LinkChanges): Promise<void> {
    if (!changes.queueIds.length && !changes.promptIds.length) return;
    const em = this.em.fork();
    const queues = changes.queueIds.length ? await em.find(Queue, { id: { $in: changes.queueIds }, companyId: ctx.companyId }) : [];
    for (const queue of queues) this.realtime.emit(ctx.companyId, 'queue', { action: 'update', queue: mapQueue(queue) });
    if (changes.promptIds.length) await this.promptAnnouncer?.(ctx.companyId, changes.promptIds);
  }

  private greetingRequired(): AppError {
    const def = QueueError.ERR_QUEUE_GREETING_REQUIRED;
    return new AppError(def, undefined, [{ field: 'greetingMessage', messages: ['Required'] }]);
  }
}
