import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Inject, Injectable } from '@nestjs/common';
import { FilterQuery, QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AttachmentFolder, AttachmentStore } from '../../common/infra/attachment-store';
import { MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { mimetypeOfStoredName } from '../../common/infra/media-type';
import type { StoredFile } from '../../common/http/stored-file';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import { can, RequestContext } from '../../common/access/request-context';
import { ANNOUNCERS_ROOM, RealtimeService } from '../../realtime/realtime.service';
import { sniffAnnouncementMedia } from './announcement-media';
import { Announcement } from './announcement.entity';
import { AnnouncementError } from './announcement.errors';
import {
  AnnouncementDto,
  AnnouncementPageDto,
  CreateAnnouncementDto,
  ListAnnouncementsDto,
  mapAnnouncement,
  UpdateAnnouncementDto,
} from './dto/announcement.dto';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedAnnouncementFile = UploadedFile;

/** Announcement attachments, in one platform directory (announcements belong to no company). */
const MEDIA = new AttachmentStore('an');

/** Newest first, for the page and the bell alike. */
const ORDER = { createdAt: QueryOrder.DESC, id: QueryOrder.DESC } as const;

/**
 * The platform's system announcements. Like help videos they are the same for every company, so the entity has no
 * tenant filter to lift: callers holding announcements:manage (super users) read and change all of them; everyone
 * else reads only the active ones (an inactive one does not exist for them: 404). Changes go out on
 * `company-announcement` to every signed-in socket, in the shape each one may read.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async list(ctx: RequestContext, query: ListAnnouncementsDto): Promise<AnnouncementPageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<Announcement> = {
      $and: [this.readable(ctx, query.onlyActive), ...(term ? [{ $or: [{ title: { $ilike: likeTerm(term) } }, { text: { $ilike: likeTerm(term) } }] }] : [])],
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(Announcement, where, { orderBy: ORDER, limit, offset });
    return { records: rows.map(mapAnnouncement), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<AnnouncementDto> {
    return mapAnnouncement(await this.findReadable(ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateAnnouncementDto): Promise<AnnouncementDto> {
    const row = this.em.create(Announcement, {
      companyId: ctx.companyId,
      title: dto.title,
      text: dto.text,
      priority: dto.priority ?? 3,
      status: dto.status ?? true,
    });
    await this.em.flush();
    return this.announce(row, 'create');
  }

  async update(ctx: RequestContext, id: number, dto: UpdateAnnouncementDto): Promise<AnnouncementDto> {
    const row = await this.findReadable(ctx, id);
    if (dto.title !== undefined) row.title = dto.title;
    if (dto.text !== undefined) row.text = dto.text;
    if (dto.priority !== undefined) row.priority = dto.priority;
    if (dto.status !== undefined) row.status = dto.status;
    await this.em.flush();
    return this.announce(row, 'update');
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.findReadable(ctx, id);
    const media = row.media.path;
    await this.em.nativeDelete(Announcement, { id: row.id });
    this.em.getUnitOfWork().unsetIdentity(row);
    await MEDIA.remove(this.mediaFolder(), media);
    const gone = { action: 'delete' as const, id };
    this.realtime.emitPlatform('announcement', ANNOUNCERS_ROOM, gone, gone);
  }

  /** Before the upload's body is read (`@Upload`): the refusals `uploadMedia` answers first. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.findReadable(ctx, id);
  }

  /** Stores the attachment (PNG or JPEG, told from its bytes) under a server-made name, replacing the previous one. */
  async uploadMedia(ctx: RequestContext, id: number, file: UploadedAnnouncementFile | undefined): Promise<AnnouncementDto> {
    const row = await this.findReadable(ctx, id);
    if (!file?.size) throw validationError([{ field: 'file', messages: ['Required'] }]);
    const ext = sniffAnnouncementMedia(file.head);
    if (!ext) throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The attachment must be a PNG or JPEG image');
    await MEDIA.replace(this.em, row, this.mediaFolder(), file, ext);
    return this.announce(row, 'update');
  }

  async deleteMedia(ctx: RequestContext, id: number): Promise<AnnouncementDto> {
    const row = await this.findReadable(ctx, id);
    await MEDIA.clear(this.em, row, this.mediaFolder());
    return this.announce(row, 'update');
  }

  /** The attachment's file, for whoever may read the announcement. */
  async mediaFile(ctx: RequestContext, id: number): Promise<StoredFile> {
    const row = await this.findReadable(ctx, id);
    if (!row.media.path) throw new AppError(CommonError.ERR_NOT_FOUND, 'This announcement has no attachment');
    // Only a name the attachment store made is a key: anything else in mediaPath is never used as a path.
    const key = MEDIA.key(this.mediaFolder(), row.media.path);
    if (!key) throw new AppError(CommonError.ERR_NOT_FOUND);
    return { store: this.store, key, name: row.media.name ?? row.media.path, mimetype: mimetypeOfStoredName(row.media.path) };
  }

  /** Where announcement attachments live: a platform folder (platform/announcements), not a company's. */
  private mediaFolder(): AttachmentFolder {
    return { store: this.store, folder: 'platform/announcements' };
  }

  /** Sends the change: whole to super users; to everyone else as their bell sees it (an inactive one is gone). */
  private announce(row: Announcement, action: 'create' | 'update'): AnnouncementDto {
    const record = mapAnnouncement(row);
    const others = record.status ? { action, record } : action === 'update' ? { action: 'delete' as const, id: record.id } : null;
    this.realtime.emitPlatform('announcement', ANNOUNCERS_ROOM, { action, record }, others);
    return record;
  }

  private readable(ctx: RequestContext, onlyActive = false): FilterQuery<Announcement> {
    return can(ctx, 'announcements:manage') && !onlyActive ? {} : { status: true };
  }

  private async findReadable(ctx: RequestContext, id: number): Promise<Announcement> {
    const row = isId(id) ? await this.em.findOne(Announcement, { $and: [{ id }, this.readable(ctx)] }) : null;
    if (!row) throw new AppError(AnnouncementError.ERR_ANNOUNCEMENT_NOT_FOUND);
    return row;
  }
}
