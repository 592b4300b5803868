import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Inject, Injectable } from '@nestjs/common';
import { FilterQuery, QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AttachmentFolder, AttachmentStore } from '../../common/infra/attachment-store';
import { companyFolder, MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { CreateHolidayDto, HolidayDto, HolidayPageDto, mapHoliday, UpdateHolidayDto } from './dto/holiday.dto';
import { Holiday } from './holiday.entity';
import { HolidayError } from './holiday.errors';
import { sniffHolidayMedia } from './holiday-media';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedHolidayFile = UploadedFile;

/** This module's attachments (one per row); anything else in mediaPath is never used as a path. */
export const HOLIDAY_MEDIA = new AttachmentStore('hd');
const MEDIA = HOLIDAY_MEDIA;

/** The folder of a company's holiday images in the media store. */
export const holidayFolder = (companyId: number): string => `${companyFolder(companyId)}/holidays`;

/**
 * Holidays of the caller's company. Every query names `companyId`; the tenant filter is the net under it. A holiday
 * whose message went out (sentAt set) is history: it can be read and deleted, no longer changed.
 */
@Injectable()
export class HolidaysService {
  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async list(ctx: RequestContext, query: PageQueryDto): Promise<HolidayPageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<Holiday> = {
      companyId: ctx.companyId,
      ...(term ? { $or: [{ name: { $ilike: likeTerm(term) } }, { body: { $ilike: likeTerm(term) } }] } : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(Holiday, where, { orderBy: { dateHoliday: QueryOrder.ASC, id: QueryOrder.ASC }, limit, offset });
    return { holidays: rows.map(mapHoliday), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<HolidayDto> {
    return mapHoliday(await this.findOwned(ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateHolidayDto): Promise<HolidayDto> {
    const row = this.em.create(Holiday, { companyId: ctx.companyId, name: dto.name, body: dto.body, dateHoliday: dto.dateHoliday });
    await this.em.flush();
    return mapHoliday(row);
  }

  /** A holiday whose send failed (ERRO) goes back to PENDENTE when changed: it will be tried again. */
  async update(ctx: RequestContext, id: number, dto: UpdateHolidayDto): Promise<HolidayDto> {
    const row = await this.findChangeable(ctx, id);
    if (dto.name !== undefined) row.name = dto.name;
    if (dto.body !== undefined) row.body = dto.body;
    if (dto.dateHoliday !== undefined) row.dateHoliday = dto.dateHoliday;
    row.status = 'PENDENTE';
    await this.em.flush();
    return mapHoliday(row);
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.findOwned(ctx, id);
    const media = row.media.path;
    await this.em.nativeDelete(Holiday, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    await MEDIA.remove(this.mediaFolder(ctx), media);
  }

  /** Before the upload's body is read (`@Upload`): the refusals `uploadMedia` answers first. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.findChangeable(ctx, id);
  }

  /** Stores the image under a server-made name, replacing (and deleting) the previous one. */
  async uploadMedia(ctx: RequestContext, id: number, file: UploadedHolidayFile | undefined): Promise<HolidayDto> {
    const row = await this.findChangeable(ctx, id);
    if (!file?.size) throw validationError([{ field: 'file', messages: ['Required'] }]);
    const ext = sniffHolidayMedia(file.head);
    if (!ext) {
      throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The attachment must be a PNG or JPEG image', [
        { field: 'file', messages: ['Use a PNG or JPEG image'] },
      ]);
    }
    await MEDIA.replace(this.em, row, this.mediaFolder(ctx), file, ext);
    return mapHoliday(row);
  }

  async deleteMedia(ctx: RequestContext, id: number): Promise<HolidayDto> {
    const row = await this.findChangeable(ctx, id);
    await MEDIA.clear(this.em, row, this.mediaFolder(ctx));
    return mapHoliday(row);
  }

  /** Where a company's holiday images live: company{id}/holidays (not public; the out-of-hours reply reads them there). */
  private mediaFolder(ctx: Pick<RequestContext, 'companyId'>): AttachmentFolder {
    return { store: this.store, folder: holidayFolder(ctx.companyId) };
  }

  private async findOwned(ctx: RequestContext, id: number): Promise<Holiday> {
    const row = isId(id) ? await this.em.findOne(Holiday, { id, companyId: ctx.companyId }) : null;
    if (!row) throw new AppError(HolidayError.ERR_HOLIDAY_NOT_FOUND);
    return row;
  }

  private async findChangeable(ctx: RequestContext, id: number): Promise<Holiday> {
    const row = await this.findOwned(ctx, id);
    if (row.sentAt) throw new AppError(HolidayError.ERR_HOLIDAY_ALREADY_SENT);
    return row;
  }

  /** Only a file this service wrote for this company is removed; the stored value is never trusted as a path. */
}
