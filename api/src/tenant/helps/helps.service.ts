import { Injectable } from '@nestjs/common';
import { FilterQuery, QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { CreateHelpDto, HelpDto, HelpPageDto, mapHelp, UpdateHelpDto } from './dto/help.dto';
import { Help } from './help.entity';
import { HelpError } from './help.errors';

const ORDER = { title: QueryOrder.ASC, id: QueryOrder.ASC } as const;

/** The platform's help videos: the same for every company (no tenant filter to lift), changed by super users only. */
@Injectable()
export class HelpsService {
  constructor(private readonly em: EntityManager) {}

  async list(_ctx: RequestContext, query: PageQueryDto): Promise<HelpPageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<Help> = term ? { $or: [{ title: { $ilike: likeTerm(term) } }, { description: { $ilike: likeTerm(term) } }] } : {};
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(Help, where, { orderBy: ORDER, limit, offset });
    return { records: rows.map(mapHelp), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async listAll(_ctx: RequestContext): Promise<HelpDto[]> {
    return (await this.em.find(Help, {}, { orderBy: ORDER })).map(mapHelp);
  }

  async create(_ctx: RequestContext, dto: CreateHelpDto): Promise<HelpDto> {
    const row = this.em.create(Help, { title: dto.title, description: dto.description ?? '', video: dto.video });
    await this.em.flush();
    return mapHelp(row);
  }

  async update(_ctx: RequestContext, id: number, dto: UpdateHelpDto): Promise<HelpDto> {
    const row = await this.find(id);
    if (dto.title !== undefined) row.title = dto.title;
    if (dto.description !== undefined) row.description = dto.description;
    if (dto.video !== undefined) row.video = dto.video;
    await this.em.flush();
    return mapHelp(row);
  }

  async remove(_ctx: RequestContext, id: number): Promise<void> {
    const row = await this.find(id);
    await this.em.nativeDelete(Help, { id: row.id });
    this.em.getUnitOfWork().unsetIdentity(row);
  }

  private async find(id: number): Promise<Help> {
    const row = isId(id) ? await this.em.findOne(Help, { id }) : null;
    if (!row) throw new AppError(HelpError.ERR_HELP_NOT_FOUND);
    return row;
  }
}
