import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { AppError } from '../../common/http/errors';
import { pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { ContactError } from './contact.errors';
import { Contact, ContactCustomField } from './contact.entity';
import { ContactDto, mapContact } from './dto/contact.dto';
import {
  ContactExtraInfoInputDto,
  ContactListItemDto,
  ContactPageDto,
  CreateContactDto,
  FindOrCreateContactDto,
  ImportContactsDto,
  ImportContactsResultDto,
  UpdateContactDto,
} from './dto/create-contact.dto';
import { ListContactsDto } from './dto/list-contacts.dto';
import { TicketEventsService } from '../tickets/ticket-events.service';
import { Ticket } from '../tickets/ticket.entity';
import { isId } from '../../common/http/ids';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { allContacts, contactPage } from './contacts.queries';
import { contactMatch, contactsPaging, countCap } from './contacts.rules';
import { contactFromRow } from '../tickets/ticket-rows';

const duplicated = () =>
  new AppError(ContactError.ERR_DUPLICATED_CONTACT, undefined, [{ field: 'number', messages: [ContactError.ERR_DUPLICATED_CONTACT.message] }]);

/** Contacts of the caller's company. Every query names `companyId` itself; the tenant filter is the net under it. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: TicketEventsService,
    private readonly sessions: ConnectionSessionsService,
  ) {}

  /**
   * Name matches go through the company's trigram index on lower(name), number matches through the one on number;
   * a search's page is its matches sorted, or read in name order from (company_id, name, id) when they are many
   * (contacts.queries.ts, README.md). `count` stops at CONTACTS_COUNT_CAP, or
   * CONTACTS_SEARCH_COUNT_CAP for a search (`countCapped`): counting a large company's contacts read all of them
   * (24 ms at 60,000; a common surname 25 ms) for a figure shown as "N contacts".
   */
  async list(ctx: RequestContext, query: ListContactsDto): Promise<ContactPageDto> {
    const { limit, offset } = pageWindow(query.pageNumber);
    const match = contactMatch(query.searchParam);
    const cap = countCap(query.searchParam);
    // The capped count and the page in one statement, rows not entities (the ORM's find cost the API process more
    // than the rest of the request): the count's single row carries the page, or one row with a null id.
    const rows = await contactPage(tenantSql(this.em, ctx.companyId), match, cap, limit, offset);
    const contacts = rows.filter((r) => r.contact_id !== null).map((r) => contactFromRow(r, []));
    return { contacts, ...contactsPaging(rows[0].n, cap, contacts.length, limit, offset) };
  }

  async listAll(ctx: RequestContext): Promise<ContactListItemDto[]> {
    return allContacts(tenantSql(this.em, ctx.companyId));
  }

  async get(ctx: RequestContext, id: number): Promise<ContactDto> {
    return mapContact(await this.findOwned(this.em, ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateContactDto): Promise<ContactDto> {
    const contact = await this.uniqueNumber(() =>
      this.em.transactional(async (em) => {
        if (await em.count(Contact, { companyId: ctx.companyId, number: dto.number })) throw duplicated();
        const created = em.create(Contact, { companyId: ctx.companyId, name: dto.name, number: dto.number, email: dto.email ?? null });
        this.setExtraInfo(em, ctx, created, dto.extraInfo ?? []);
        await em.flush();
        return created;
      }),
    );
    const out = mapContact(contact);
    this.events.contactUpdated(out);
    return out;
  }

  async update(ctx: RequestContext, id: number, dto: UpdateContactDto): Promise<ContactDto> {
    const contact = await this.uniqueNumber(() =>
      this.em.transactional(async (em) => {
        const contact = await this.findOwned(em, ctx, id);
        if (dto.number !== undefined && dto.number !== contact.number) {
          if (await em.count(Contact, { companyId: ctx.companyId, number: dto.number, id: { $ne: contact.id } })) throw duplicated();
          contact.number = dto.number;
        }
        if (dto.name !== undefined) contact.name = dto.name;
        if (dto.email !== undefined) contact.email = dto.email ?? null;
        if (dto.extraInfo !== undefined) {
          contact.extraInfo.removeAll();
          this.setExtraInfo(em, ctx, contact, dto.extraInfo);
        }
        await em.flush();
        return contact;
      }),
    );
    const out = mapContact(contact);
    this.events.contactUpdated(out);
    return out;
  }

  /** The contact's tickets, messages and notes go with it (cascades); open lists are told the tickets are gone. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const contact = await this.findOwned(this.em, ctx, id);
    const tickets = await this.em.find(Ticket, { companyId: ctx.companyId, contact: contact.id }, { fields: ['id', 'queue', 'user'] });
    await this.em.nativeDelete(Contact, { id: contact.id, companyId: ctx.companyId });
    this.em.clear();
    this.events.contactDeleted(ctx.companyId, contact.id);
    for (const t of tickets) this.events.ticketDeleted(ctx.companyId, t.id, { queueId: t.queue?.id ?? null, userId: t.user?.id ?? null });
  }

  /** The company's contact with this number, or a new one; a concurrent creation of the same number is found, not duplicated. */
  async findOrCreate(ctx: RequestContext, dto: FindOrCreateContactDto): Promise<ContactDto> {
    const existing = await this.em.findOne(Contact, { companyId: ctx.companyId, number: dto.number }, { populate: ['extraInfo'] });
    if (existing) return mapContact(existing);
    try {
      return await this.create(ctx, { name: dto.name, number: dto.number, email: dto.email ?? null });
    } catch (e) {
      if (!(e instanceof AppError) || e.def.code !== ContactError.ERR_DUPLICATED_CONTACT.code) throw e;
      const raced = await this.em.fork().findOneOrFail(Contact, { companyId: ctx.companyId, number: dto.number }, { populate: ['extraInfo'] });
      return mapContact(raced);
    }
  }

  /** Imports the phone book of a connection of the company (its default connection when none is named). */
  async importPhoneBook(ctx: RequestContext, dto: ImportContactsDto): Promise<ImportContactsResultDto> {
    const entries = await this.sessions.phoneBook(ctx.companyId, dto.whatsappId);
    const { created, existing, skipped } = await this.importEntries(ctx, entries);
    return { created: created.length, existing, skipped };
  }

  /**
   * Adds the entries of a phone book that the company does not have yet; existing contacts are left as they are.
   * Entries whose number is not 8 to 50 digits are skipped. One transaction: all of them or none.
   */
  async importEntries(ctx: RequestContext, entries: { name: string; number: string }[]): Promise<{ created: ContactDto[]; existing: number; skipped: number }> {
    const wanted = new Map<string, string>();
    let skipped = 0;
    for (const e of entries) {
      const number = String(e.number ?? '').replace(/\D+/g, '');
      if (number.length < 8 || number.length > 50) {
        skipped++;
        continue;
      }
      const name =
        String(e.name ?? '')
          .trim()
          .slice(0, 50) || number;
      if (!wanted.has(number)) wanted.set(number, name);
    }
    const created = await this.em.transactional(async (em) => {
      const have = new Set<string>();
      const numbers = [...wanted.keys()];
      for (let i = 0; i < numbers.length; i += 1000) {
        const rows = await em.find(Contact, { companyId: ctx.companyId, number: { $in: numbers.slice(i, i + 1000) } }, { fields: ['number'] });
        for (const r of rows) have.add(r.number);
      }
      const rows = numbers.filter((n) => !have.has(n)).map((number) => em.create(Contact, { companyId: ctx.companyId, name: wanted.get(number)!, number }));
      await em.flush();
      return rows;
    });
    const dtos = created.map(mapContact);
    for (const c of dtos) this.events.contactUpdated(c);
    return { created: dtos, existing: wanted.size - created.length, skipped };
  }

  private setExtraInfo(em: EntityManager, ctx: RequestContext, contact: Contact, rows: ContactExtraInfoInputDto[]): void {
    for (const row of rows) {
      contact.extraInfo.add(em.create(ContactCustomField, { companyId: ctx.companyId, contact, name: row.name, value: row.value }));
    }
  }

  private async findOwned(em: EntityManager, ctx: RequestContext, id: number): Promise<Contact> {
    const contact = isId(id)
      ? await em.findOne(Contact, { id, companyId: ctx.companyId }, { populate: ['extraInfo'], populateOrderBy: { extraInfo: { id: 'asc' } } })
      : null;
    if (!contact) throw new AppError(ContactError.ERR_NO_CONTACT_FOUND);
    return contact;
  }

  private async uniqueNumber<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      // Two requests at once past the check: the unique index on (company, number) decides.
      if (e instanceof UniqueConstraintViolationException) throw duplicated();
      throw e;
    }
  }
}
