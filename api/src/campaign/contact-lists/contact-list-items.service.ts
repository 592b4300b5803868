import { BulkResultDto, runBulk } from '../../common/http/bulk';
import type { BulkContactListItemsDto } from './dto/contact-list.dto';
import { Injectable } from '@nestjs/common';
import { FilterQuery, QueryOrder, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { ContactListItem } from './contact-list.entity';
import { ContactListError } from './contact-list.errors';
import { ContactListsService } from './contact-lists.service';
import {
  ContactListEntryDto,
  ContactListItemPageDto,
  CreateContactListEntryDto,
  ListContactListItemsDto,
  mapContactListItem,
  UpdateContactListEntryDto,
} from './dto/contact-list.dto';

const duplicated = () =>
  new AppError(ContactListError.ERR_CONTACT_LIST_ITEM_DUPLICATED, undefined, [{ field: 'number', messages: ['This number is already in the list'] }]);

/**
 * The contacts of the company's lists. A number is in a list once (409 otherwise); a new or changed number is
 * checked for WhatsApp in the background (isWhatsappValid stays null until then).
 */
@Injectable()
export class ContactListItemsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lists: ContactListsService,
  ) {}

  async list(ctx: RequestContext, query: ListContactListItemsDto): Promise<ContactListItemPageDto> {
    const list = await this.lists.findOwned(ctx, query.contactListId);
    const term = query.searchParam?.trim().toLowerCase();
    // A term of digits and phone punctuation also matches the stored digits: '(11) 98888-7777' finds 11988887777.
    const digits = term && /^[\d\s()+.-]+$/.test(term) ? term.replace(/\D+/g, '') : '';
    const where: FilterQuery<ContactListItem> = {
      companyId: ctx.companyId,
      contactListId: list.id,
      ...(term
        ? {
            $or: [{ name: { $ilike: likeTerm(term) } }, { email: { $ilike: likeTerm(term) } }, ...(digits ? [{ number: { $like: likeTerm(digits) } }] : [])],
          }
        : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(ContactListItem, where, { orderBy: { name: QueryOrder.ASC, id: QueryOrder.ASC }, limit, offset });
    return { contacts: rows.map(mapContactListItem), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<ContactListEntryDto> {
    return mapContactListItem(await this.findOwned(ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateContactListEntryDto): Promise<ContactListEntryDto> {
    const list = await this.lists.findOwned(ctx, dto.contactListId);
    if (await this.em.count(ContactListItem, { companyId: ctx.companyId, contactListId: list.id, number: dto.number })) throw duplicated();
    const row = this.em.create(ContactListItem, {
      companyId: ctx.companyId,
      contactListId: list.id,
      name: dto.name,
      number: dto.number,
      email: dto.email ?? null,
      isWhatsappValid: null,
    });
    await this.flush(row);
    const answer = mapContactListItem(row);
    this.lists.emit(ctx.companyId, 'ContactListItem', { action: 'create', record: answer });
    await this.listChanged(ctx, list.id);
    await this.lists.queueCheck(ctx.companyId, list.id);
    return answer;
  }

  async update(ctx: RequestContext, id: number, dto: UpdateContactListEntryDto): Promise<ContactListEntryDto> {
    const row = await this.findOwned(ctx, id);
    if (dto.number !== undefined && dto.number !== row.number) {
      const taken = await this.em.count(ContactListItem, {
        companyId: ctx.companyId,
        contactListId: row.contactListId,
        number: dto.number,
        id: { $ne: row.id },
      });
      if (taken) throw duplicated();
      row.number = dto.number;
      row.isWhatsappValid = null;
    }
    if (dto.name !== undefined) row.name = dto.name;
    if (dto.email !== undefined) row.email = dto.email;
    const recheck = row.isWhatsappValid === null;
    await this.flush(row);
    const answer = mapContactListItem(row);
    this.lists.emit(ctx.companyId, 'ContactListItem', { action: 'update', record: answer });
    if (recheck) await this.lists.queueCheck(ctx.companyId, row.contactListId);
    return answer;
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.findOwned(ctx, id);
    await this.em.nativeDelete(ContactListItem, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    this.lists.emit(ctx.companyId, 'ContactListItem', { action: 'delete', id: row.id, contactListId: row.contactListId });
    await this.listChanged(ctx, row.contactListId);
  }

  /** Each id on its own (common/http/bulk.ts): one that is not the caller's company's fails alone (ERR_CONTACT_LIST_ITEM_NOT_FOUND). */
  bulk(ctx: RequestContext, body: BulkContactListItemsDto): Promise<BulkResultDto> {
    return runBulk(body.ids, (id) => this.remove(ctx, id));
  }

  /** The list's count changed: its row is announced again. */
  private async listChanged(ctx: RequestContext, contactListId: number): Promise<void> {
    await this.lists.announce(ctx.companyId, contactListId);
  }

  private async flush(row: ContactListItem): Promise<void> {
    try {
      await this.em.flush();
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      this.em.getUnitOfWork().unsetIdentity(row);
      throw duplicated();
    }
  }

  private async findOwned(ctx: RequestContext, id: number): Promise<ContactListItem> {
    const row = isId(id) ? await this.em.findOne(ContactListItem, { id, companyId: ctx.companyId }) : null;
    if (!row) throw new AppError(ContactListError.ERR_CONTACT_LIST_ITEM_NOT_FOUND);
    return row;
  }
}
