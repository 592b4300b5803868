import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Inject, Injectable } from '@nestjs/common';
import { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyId } from '../../common/tenancy/company-id';
import { AttachmentFolder, AttachmentStore } from '../../common/infra/attachment-store';
import { MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { sniffExtension, WHATSAPP_SEND_LIMITS } from '../../common/infra/media-type';
import { RealtimeService } from '../../realtime/realtime.service';
import { Contact } from '../../ticket/contacts/contact.entity';
import { ContactError } from '../../ticket/contacts/contact.errors';
import { CreateScheduleDto, ListSchedulesDto, mapSchedule, SCHEDULE_DAYS_AGO, ScheduleDto, SchedulePageDto, UpdateScheduleDto } from './dto/schedule.dto';
import { Schedule } from './schedule.entity';
import { ScheduleError } from './schedule.errors';
import { scheduleFolder, ScheduleSendService } from './schedule-send.service';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedScheduleFile = UploadedFile;

/** A schedule's image goes out as a WhatsApp image: PNG or JPEG (the spec's png, jpg, jpeg), told from its bytes. */
export const SCHEDULE_MEDIA_KINDS = ['png', 'jpg'] as const;
export const SCHEDULE_MEDIA_MAX_BYTES = WHATSAPP_SEND_LIMITS.image;
/** Schedules a page: the calendar reads the whole window, so pages are larger than a table's. */
export const SCHEDULE_PAGE_SIZE = 100;

export const SCHEDULE_MEDIA = new AttachmentStore('sc');

/**
 * Scheduled messages of the caller's company. Every user of the company sees and manages all of them (the spec
 * gives the page to all users and names no owner rule); userId only records who made one. A sent one (ENVIADA) is
 * history and cannot be saved again; saving one in ERRO puts it back to PENDENTE with its new time.
 */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly em: EntityManager,
    private readonly sender: ScheduleSendService,
    private readonly realtime: RealtimeService,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async list(ctx: RequestContext, query: ListSchedulesDto): Promise<SchedulePageDto> {
    const term = query.searchParam?.trim().toLowerCase();
    const since = new Date(Date.now() - (query.daysAgo ?? SCHEDULE_DAYS_AGO) * 86_400_000);
    const where: FilterQuery<Schedule> = {
      companyId: ctx.companyId,
      sendAt: { $gte: since },
      ...(query.contactId ? { contact: query.contactId } : {}),
      ...(term
        ? {
            $or: [{ body: { $ilike: likeTerm(term) } }, { contact: { name: { $ilike: likeTerm(term) } } }, { contact: { number: { $ilike: likeTerm(term) } } }],
          }
        : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber, SCHEDULE_PAGE_SIZE);
    const [rows, count] = await this.em.findAndCount(Schedule, where, { populate: ['contact'], orderBy: { sendAt: 'asc', id: 'asc' }, limit, offset });
    return { schedules: rows.map(mapSchedule), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<ScheduleDto> {
    return mapSchedule(await this.find(ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateScheduleDto): Promise<ScheduleDto> {
    const contact = await this.contactOf(ctx, dto.contactId);
    const row = this.em.create(Schedule, { companyId: ctx.companyId, userId: ctx.userId, body: dto.body, contact, sendAt: dto.sendAt });
    await this.em.flush();
    await this.sender.queue(row);
    return this.changed(ctx.companyId, 'create', row);
  }

  async update(ctx: RequestContext, id: number, dto: UpdateScheduleDto): Promise<ScheduleDto> {
    const row = await this.findEditable(ctx, id);
    if (dto.body !== undefined) row.body = dto.body;
    if (dto.contactId !== undefined) row.contact = await this.contactOf(ctx, dto.contactId);
    if (dto.sendAt !== undefined) row.sendAt = dto.sendAt;
    row.status = 'PENDENTE';
    row.error = null;
    // Only a row still unsent is written: a send that claimed it meanwhile wins, and the save answers 409.
    const updated = await this.em.nativeUpdate(
      Schedule,
      { id: row.id, companyId: ctx.companyId, status: { $ne: 'ENVIADA' } },
      { body: row.body, contact: row.contact.id, sendAt: row.sendAt, status: 'PENDENTE', error: null, updatedAt: new Date() },
    );
    if (!updated) throw new AppError(ScheduleError.ERR_SCHEDULE_ALREADY_SENT);
    this.em.clear();
    const fresh = await this.find(ctx, id);
    await this.sender.queue(fresh);
    return this.changed(ctx.companyId, 'update', fresh);
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.find(ctx, id);
    const media = row.media.path;
    await this.em.nativeDelete(Schedule, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    await SCHEDULE_MEDIA.remove(this.mediaFolder(ctx.companyId), media);
    this.realtime.emit(ctx.companyId, 'schedule', { action: 'delete', scheduleId: id });
  }

  /** Before the upload's body is read (`@Upload`): the refusals `uploadMedia` answers first. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.findEditable(ctx, id);
  }

  /** Stores the image under a server-made name, replacing (and deleting) the previous one. */
  async uploadMedia(ctx: RequestContext, id: number, file: UploadedScheduleFile | undefined): Promise<ScheduleDto> {
    const row = await this.findEditable(ctx, id);
    if (!file?.size) throw validationError([{ field: 'file', messages: ['Required'] }]);
    const ext = sniffExtension(file.head, SCHEDULE_MEDIA_KINDS);
    if (!ext) throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The attachment must be a PNG or JPEG image');
    await SCHEDULE_MEDIA.replace(this.em, row, this.mediaFolder(ctx.companyId), file, ext);
    return this.changed(ctx.companyId, 'update', row);
  }

  async deleteMedia(ctx: RequestContext, id: number): Promise<ScheduleDto> {
    const row = await this.findEditable(ctx, id);
    await SCHEDULE_MEDIA.clear(this.em, row, this.mediaFolder(ctx.companyId));
    return this.changed(ctx.companyId, 'update', row);
  }

  /** Where a company's schedule images live: company{id}/schedules (not public; the sender copies them into a message). */
  private mediaFolder(companyId: CompanyId): AttachmentFolder {
    return { store: this.store, folder: scheduleFolder(companyId) };
  }

  private changed(companyId: CompanyId, action: 'create' | 'update', row: Schedule): ScheduleDto {
    const dto = mapSchedule(row);
    this.realtime.emit(companyId, 'schedule', { action, schedule: dto });
    return dto;
  }

  private async contactOf(ctx: RequestContext, contactId: number): Promise<Contact> {
    const contact = isId(contactId) ? await this.em.findOne(Contact, { id: contactId, companyId: ctx.companyId }) : null;
    if (!contact) throw new AppError(ContactError.ERR_NO_CONTACT_FOUND, "The contact is not one of the company's");
    return contact;
  }

  private async find(ctx: RequestContext, id: number): Promise<Schedule> {
    const row = isId(id) ? await this.em.findOne(Schedule, { id, companyId: ctx.companyId }, { populate: ['contact'] }) : null;
    if (!row) throw new AppError(ScheduleError.ERR_SCHEDULE_NOT_FOUND);
    return row;
  }

  private async findEditable(ctx: RequestContext, id: number): Promise<Schedule> {
    const row = await this.find(ctx, id);
    if (row.status === 'ENVIADA') throw new AppError(ScheduleError.ERR_SCHEDULE_ALREADY_SENT);
    return row;
  }
}
