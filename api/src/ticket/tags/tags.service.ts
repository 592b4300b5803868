import { Injectable } from '@nestjs/common';
import { FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError } from '../../common/http/errors';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import { can, RequestContext } from '../../common/access/request-context';
import { TagError } from './tag.errors';
import { CreateTagDto, ListTagsDto, mapTag, TagDto, TagPageDto, UpdateTagDto } from './dto/tag.dto';
import { KanbanService } from './kanban.service';
import { Tag } from './tag.entity';
import { isId } from '../../common/http/ids';

/** An exact, case-insensitive match through ILIKE: the name's own wildcards are escaped. */
const exactly = (name: string) => name.replace(/[\\%_]/g, (c) => `\\${c}`);
const conflict = () => new AppError(TagError.ERR_TAG_ALREADY_EXISTS, undefined, [{ field: 'name', messages: [TagError.ERR_TAG_ALREADY_EXISTS.message] }]);

/**
 * Colours for a tag saved without one (the original's tag form may send `color: ''`): the kit's palette for queues
 * (ui-kit/src/features/admin/queues/queue-rules.ts, QUEUE_PALETTE), so such tags look like the rest of the console.
 */
export const TAG_PALETTE = ['#7C4DFF', '#FF9800', '#009688', '#E91E63', '#3F51B5', '#8BC34A', '#795548', '#00BCD4', '#F44336', '#607D8B'];

/** Tags of the caller's company; every signed-in user manages them, the kanban flag needs tags:kanban. */
@Injectable()
export class TagsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ticketTags: KanbanService,
  ) {}

  async list(ctx: RequestContext, query: ListTagsDto): Promise<TagPageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<Tag> = { companyId: ctx.companyId, ...(term ? { name: { $ilike: likeTerm(term) } } : {}) };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [tags, count] = await this.em.findAndCount(Tag, where, { orderBy: { name: 'asc', id: 'asc' }, limit, offset });
    return { tags: await this.withCounts(ctx, tags), count, hasMore: hasMorePages(offset, tags.length, count) };
  }

  async listAll(ctx: RequestContext): Promise<TagDto[]> {
    return this.withCounts(ctx, await this.em.find(Tag, { companyId: ctx.companyId }, { orderBy: { name: 'asc', id: 'asc' } }));
  }

  async listKanban(ctx: RequestContext): Promise<TagDto[]> {
    return this.withCounts(ctx, await this.em.find(Tag, { companyId: ctx.companyId, kanban: 1 }, { orderBy: { name: 'asc', id: 'asc' } }));
  }

  async get(ctx: RequestContext, id: number): Promise<TagDto> {
    const [tag] = await this.withCounts(ctx, [await this.findOwned(ctx, id)]);
    return tag;
  }

  async create(ctx: RequestContext, dto: CreateTagDto): Promise<TagDto> {
    if (dto.kanban === 1) this.assertKanbanAllowed(ctx);
    await this.assertNameFree(ctx, dto.name);
    const color = dto.color === null ? await this.paletteColor(ctx) : (dto.color ?? '#A4CCCC');
    const tag = this.em.create(Tag, { companyId: ctx.companyId, name: dto.name, color, kanban: dto.kanban ?? 0 });
    await this.uniqueName(() => this.em.flush());
    return mapTag(tag, 0);
  }

  async update(ctx: RequestContext, id: number, dto: UpdateTagDto): Promise<TagDto> {
    const tag = await this.findOwned(ctx, id);
    if (dto.kanban !== undefined && dto.kanban !== tag.kanban) this.assertKanbanAllowed(ctx);
    if (dto.name !== undefined && dto.name !== tag.name) await this.assertNameFree(ctx, dto.name, tag.id);
    if (dto.name !== undefined) tag.name = dto.name;
    if (dto.color === null) tag.color = await this.paletteColor(ctx, tag.id);
    else if (dto.color !== undefined) tag.color = dto.color;
    if (dto.kanban !== undefined) tag.kanban = dto.kanban;
    await this.uniqueName(() => this.em.flush());
    return this.get(ctx, tag.id);
  }

  /**
   * Deterministic: the first palette colour no other tag of the company uses (case-insensitive), else round-robin
   * on the number of those tags, so successive colourless tags differ.
   */
  private async paletteColor(ctx: RequestContext, exceptId?: number): Promise<string> {
    const others = await this.em.find(Tag, { companyId: ctx.companyId, ...(exceptId ? { id: { $ne: exceptId } } : {}) }, { fields: ['color'] });
    const used = new Set(others.map((t) => t.color.toLowerCase()));
    return TAG_PALETTE.find((c) => !used.has(c.toLowerCase())) ?? TAG_PALETTE[others.length % TAG_PALETTE.length];
  }

  /** Its ticket links go with it; live lists get the open and pending tickets that lost it. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const tag = await this.findOwned(ctx, id);
    const ticketIds = await this.ticketTags.liveTicketsWithTag(ctx, tag.id);
    await this.em.nativeDelete(Tag, { id: tag.id, companyId: ctx.companyId });
    this.em.clear();
    await this.ticketTags.emitTickets(ctx, ticketIds);
  }

  private async withCounts(ctx: RequestContext, tags: Tag[]): Promise<TagDto[]> {
    const counts = await this.ticketTags.countByTag(
      ctx.companyId,
      tags.map((t) => t.id),
    );
    return tags.map((t) => mapTag(t, counts.get(t.id) ?? 0));
  }

  private assertKanbanAllowed(ctx: RequestContext): void {
    if (!can(ctx, 'tags:kanban')) throw new AppError(CommonError.ERR_NO_PERMISSION, 'Only admins and supervisors can change the kanban flag');
  }

  private async assertNameFree(ctx: RequestContext, name: string, exceptId?: number): Promise<void> {
    const where: FilterQuery<Tag> = { companyId: ctx.companyId, name: { $ilike: exactly(name) } };
    if (exceptId) where.id = { $ne: exceptId };
    if (await this.em.count(Tag, where)) throw conflict();
  }

  private async findOwned(ctx: RequestContext, id: number): Promise<Tag> {
    const tag = isId(id) ? await this.em.findOne(Tag, { id, companyId: ctx.companyId }) : null;
    if (!tag) throw new AppError(TagError.ERR_TAG_NOT_FOUND);
    return tag;
  }

  private async uniqueName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw conflict();
      throw e;
    }
  }
}
