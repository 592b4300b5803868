import { Injectable } from '@nestjs/common';
import { FilterQuery, LockMode, QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import type { RequestContext } from '../../common/access/request-context';
import { RealtimeService } from '../../realtime/realtime.service';
import { Queue } from '../queues/queue.entity';
import { QueueError } from '../queues/queue.errors';
import { CreateQueueOptionDto, ListQueueOptionsDto, mapQueueOption, QueueOptionDto, ROOT_PARENT, UpdateQueueOptionDto } from './dto/queue-option.dto';
import { QueueOption } from './queue-option.entity';
import { QueueOptionError } from './queue-option.errors';
import { newOptionNumber, parentOf, renumbering, subtreeIds } from './queue-options.rules';
import { blankToNull } from '../queues/queues.rules';

const SIBLING_ORDER = { option: QueryOrder.ASC, id: QueryOrder.ASC } as const;

/**
 * The chatbot menu of a queue, a tree of options. Changes to one queue's menu are serialised by a row lock on the
 * queue, so option numbers stay unique and 1..n among siblings (the chatbot matches what the contact types).
 */
@Injectable()
export class QueueOptionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  async list(ctx: RequestContext, query: ListQueueOptionsDto): Promise<QueueOptionDto[]> {
    await this.findQueue(this.em, ctx, query.queueId);
    const where: FilterQuery<QueueOption> = { companyId: ctx.companyId, queueId: query.queueId };
    if (query.parentId === ROOT_PARENT) where.parent = null;
    else if (query.parentId !== undefined) where.parent = query.parentId;
    const orderBy = query.parentId === undefined ? { parent: QueryOrder.ASC_NULLS_FIRST, ...SIBLING_ORDER } : SIBLING_ORDER;
    const options = await this.em.find(QueueOption, where, { orderBy });
    return options.map(mapQueueOption);
  }

  async create(ctx: RequestContext, dto: CreateQueueOptionDto): Promise<QueueOptionDto> {
    const parentId = parentOf(dto.parentId);
    const created = await this.em.transactional(async (em) => {
      await this.findQueue(em, ctx, dto.queueId, true);
      if (parentId !== null) {
        const parent = await em.findOne(QueueOption, { id: parentId, companyId: ctx.companyId, queueId: dto.queueId });
        if (!parent) throw this.notFound('parentId');
      }
      const siblings = await em.find(QueueOption, { companyId: ctx.companyId, queueId: dto.queueId, parent: parentId }, { orderBy: SIBLING_ORDER });
      const option = newOptionNumber(dto.option, siblings);
      if (option === null) throw this.numberTaken();
      const row = em.create(QueueOption, {
        companyId: ctx.companyId,
        queueId: dto.queueId,
        parent: parentId === null ? null : em.getReference(QueueOption, parentId),
        title: dto.title,
        message: blankToNull(dto.message),
        option,
      });
      await em.flush();
      return row;
    });
    const answer = mapQueueOption(created);
    this.realtime.emit(ctx.companyId, 'queueOption', { action: 'create', queueOption: answer });
    return answer;
  }

  async update(ctx: RequestContext, id: number, dto: UpdateQueueOptionDto): Promise<QueueOptionDto> {
    const updated = await this.em.transactional(async (em) => {
      const row = await this.findOwned(em, ctx, id);
      await this.findQueue(em, ctx, row.queueId, true);
      if (dto.option !== undefined && dto.option !== row.option) {
        const clash = await em.count(QueueOption, {
          companyId: ctx.companyId,
          queueId: row.queueId,
          parent: row.parentId,
          option: dto.option,
          id: { $ne: row.id },
        });
        if (clash) throw this.numberTaken();
        row.option = dto.option;
      }
      if (dto.title !== undefined) row.title = dto.title;
      if (dto.message !== undefined) row.message = blankToNull(dto.message);
      await em.flush();
      return row;
    });
    const answer = mapQueueOption(updated);
    this.realtime.emit(ctx.companyId, 'queueOption', { action: 'update', queueOption: answer });
    return answer;
  }

  /** Deletes the option with its whole subtree (parent_id cascades) and renumbers its remaining siblings 1..n. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const { queueId, deletedIds, renumbered } = await this.em.transactional(async (em) => {
      const row = await this.findOwned(em, ctx, id);
      await this.findQueue(em, ctx, row.queueId, true);
      const all = await em.find(QueueOption, { companyId: ctx.companyId, queueId: row.queueId }, { orderBy: SIBLING_ORDER });
      const deletedIds = subtreeIds(all, row.id);
      // Siblings first: unsetting a deleted option's identity clears the references other entities hold to it.
      const siblings = all.filter((o) => o.parentId === row.parentId && o.id !== row.id);
      const changes = renumbering(siblings);
      for (const { item, option } of changes) item.option = option;
      const renumbered = changes.map((c) => c.item);
      await em.nativeDelete(QueueOption, { id: row.id, companyId: ctx.companyId });
      for (const o of all) if (deletedIds.includes(o.id)) em.getUnitOfWork().unsetIdentity(o);
      await em.flush();
      return { queueId: row.queueId, deletedIds, renumbered };
    });
    this.realtime.emit(ctx.companyId, 'queueOption', { action: 'delete', queueId, queueOptionIds: deletedIds });
    for (const o of renumbered) this.realtime.emit(ctx.companyId, 'queueOption', { action: 'update', queueOption: mapQueueOption(o) });
  }

  /** A queue of the caller's company; `lock` serialises changes to its menu. */
  private async findQueue(em: EntityManager, ctx: RequestContext, queueId: number, lock = false): Promise<Queue> {
    const queue = isId(queueId)
      ? await em.findOne(Queue, { id: queueId, companyId: ctx.companyId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
      : null;
    if (!queue) throw new AppError(QueueError.ERR_QUEUE_NOT_FOUND, undefined, [{ field: 'queueId', messages: [QueueError.ERR_QUEUE_NOT_FOUND.message] }]);
    return queue;
  }

  private async findOwned(em: EntityManager, ctx: RequestContext, id: number): Promise<QueueOption> {
    const row = isId(id) ? await em.findOne(QueueOption, { id, companyId: ctx.companyId }) : null;
    if (!row) throw new AppError(QueueOptionError.ERR_QUEUE_OPTION_NOT_FOUND);
    return row;
  }

  private notFound(field: string): AppError {
    const def = QueueOptionError.ERR_QUEUE_OPTION_NOT_FOUND;
    return new AppError(def, undefined, [{ field, messages: [def.message] }]);
  }

  private numberTaken(): AppError {
    const def = QueueOptionError.ERR_QUEUE_OPTION_NUMBER_TAKEN;
    return new AppError(def, undefined, [{ field: 'option', messages: [def.message] }]);
  }
}
