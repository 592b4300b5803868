import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Inject, Injectable } from '@nestjs/common';
import { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AttachmentFolder, AttachmentStore } from '../../common/infra/attachment-store';
import { companyFolder, MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import { can, RequestContext } from '../../common/access/request-context';
import { QuickMessageError } from './quick-message.errors';
import {
  CreateQuickMessageDto,
  ListQuickMessagesDto,
  ListUsableQuickMessagesDto,
  mapQuickMessage,
  QuickMessageDto,
  QuickMessagePageDto,
  UpdateQuickMessageDto,
} from './dto/quick-message.dto';
import { sniffQuickMessageMedia } from './quick-message-media';
import { QuickMessage } from './quick-message.entity';
import { isId } from '../../common/http/ids';
import { mimetypeOfStoredName } from '../../common/infra/media-type';
import type { StoredFile } from '../../common/http/stored-file';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { sender } from './quick-messages.queries';
import type { TicketDto } from '../tickets/dto/ticket.dto';
import { fillMessageVariables, hasMessageVariables, messageVariableValues } from './message-variables';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedMediaFile = UploadedFile;

/** The names this service writes; anything else in mediaPath is never used as a path. */
/** This module's attachments (one per row). */
const MEDIA = new AttachmentStore('qm');

/**
 * Quick messages of the caller's company. A caller sees the shared ones (geral) and their own private ones; a private
 * one of someone else does not exist for them (404). Owners change their own; tickets-manager:showall holders also
 * change shared ones and are the only ones who make a message shared.
 */
@Injectable()
export class QuickMessagesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async list(ctx: RequestContext, query: ListQuickMessagesDto): Promise<QuickMessagePageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<QuickMessage> = {
      $and: [this.usable(ctx), ...(term ? [{ $or: [{ shortcode: { $ilike: likeTerm(term) } }, { message: { $ilike: likeTerm(term) } }] }] : [])],
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(QuickMessage, where, { orderBy: { shortcode: 'asc', id: 'asc' }, limit, offset });
    return { records: rows.map(mapQuickMessage), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async listUsable(ctx: RequestContext, query: ListUsableQuickMessagesDto): Promise<QuickMessageDto[]> {
    if (query.userId !== undefined && query.userId !== ctx.userId) {
      throw new AppError(CommonError.ERR_NO_PERMISSION, "Only the caller's own quick messages can be listed");
    }
    const rows = await this.em.find(QuickMessage, this.usable(ctx), { orderBy: { shortcode: 'asc', id: 'asc' } });
    return rows.map(mapQuickMessage);
  }

  async get(ctx: RequestContext, id: number): Promise<QuickMessageDto> {
    return mapQuickMessage(await this.findVisible(ctx, id));
  }

  async create(ctx: RequestContext, dto: CreateQuickMessageDto): Promise<QuickMessageDto> {
    const row = this.em.create(QuickMessage, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      shortcode: dto.shortcode,
      message: dto.message ?? '',
      geral: can(ctx, 'tickets-manager:showall') ? Boolean(dto.geral) : false,
    });
    await this.em.flush();
    return mapQuickMessage(row);
  }

  async update(ctx: RequestContext, id: number, dto: UpdateQuickMessageDto): Promise<QuickMessageDto> {
    const row = await this.findEditable(ctx, id);
    if (dto.shortcode !== undefined) row.shortcode = dto.shortcode;
    if (dto.message !== undefined) row.message = dto.message;
    if (dto.geral !== undefined && can(ctx, 'tickets-manager:showall')) row.geral = dto.geral;
    await this.em.flush();
    return mapQuickMessage(row);
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.findEditable(ctx, id);
    const media = row.media.path;
    await this.em.nativeDelete(QuickMessage, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    await MEDIA.remove(this.mediaFolder(ctx), media);
  }

  /** Before the upload's body is read (`@Upload`): the refusals `uploadMedia` answers first. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.findEditable(ctx, id);
  }

  /** Stores the attachment under a server-made name, replacing (and deleting) the previous one. */
  async uploadMedia(ctx: RequestContext, id: number, file: UploadedMediaFile | undefined): Promise<QuickMessageDto> {
    const row = await this.findEditable(ctx, id);
    if (!file?.size) {
      throw validationError([{ field: 'file', messages: ['Required'] }]);
    }
    const ext = sniffQuickMessageMedia(file.head);
    if (!ext) {
      throw new AppError(
        CommonError.ERR_UNSUPPORTED_MEDIA_TYPE,
        'The attachment must be an image (PNG, JPEG, GIF, WebP), a PDF, OGG or MP3 audio, or MP4 video',
      );
    }
    await MEDIA.replace(this.em, row, this.mediaFolder(ctx), file, ext);
    return mapQuickMessage(row);
  }

  async deleteMedia(ctx: RequestContext, id: number): Promise<QuickMessageDto> {
    const row = await this.findEditable(ctx, id);
    await MEDIA.clear(this.em, row, this.mediaFolder(ctx));
    return mapQuickMessage(row);
  }

  /**
   * A message's variables (`{{name}}`, `{{greeting}}`, `{{user}}`, `{{protocol}}`…: message-variables.ts) filled for a
   * ticket and the attendant who sends it, on the company's clock. The composer shows them filled before sending;
   * this fills what still holds them (another client, the API). A text without variables costs no query.
   */
  async fillVariables(ctx: RequestContext, ticket: TicketDto, text: string): Promise<string> {
    if (!hasMessageVariables(text)) return text;
    const row = await sender(tenantSql(this.em, ctx.companyId), ctx.userId);
    const values = messageVariableValues({
      contact: ticket.contact,
      userName: row?.name,
      queueName: ticket.queue?.name ?? null,
      ticket,
      now: new Date(),
      timeZone: row?.timezone,
    });
    return fillMessageVariables(text, values);
  }

  /** The attachment's file, for a caller who sees the quick message (the composer sends it with the text). */
  async mediaFile(ctx: RequestContext, id: number): Promise<StoredFile> {
    const row = await this.findVisible(ctx, id);
    if (!row.media.path) throw new AppError(CommonError.ERR_NOT_FOUND, 'This quick message has no attachment');
    // Only a name the attachment store made is a key: anything else in mediaPath is never used as a path.
    const key = MEDIA.key(this.mediaFolder(ctx), row.media.path);
    if (!key) throw new AppError(CommonError.ERR_NOT_FOUND);
    return { store: this.store, key, name: row.media.name ?? row.media.path, mimetype: mimetypeOfStoredName(row.media.path) };
  }

  /** Where a company's quick-message attachments live: company{id}/quick-messages. */
  private mediaFolder(ctx: Pick<RequestContext, 'companyId'>): AttachmentFolder {
    return { store: this.store, folder: `${companyFolder(ctx.companyId)}/quick-messages` };
  }

  private usable(ctx: RequestContext): FilterQuery<QuickMessage> {
    return { companyId: ctx.companyId, $or: [{ geral: true }, { userId: ctx.userId }] };
  }

  private async findVisible(ctx: RequestContext, id: number): Promise<QuickMessage> {
    const row = isId(id) ? await this.em.findOne(QuickMessage, { $and: [{ id }, this.usable(ctx)] }) : null;
    if (!row) throw new AppError(QuickMessageError.ERR_QUICK_MESSAGE_NOT_FOUND);
    return row;
  }

  private async findEditable(ctx: RequestContext, id: number): Promise<QuickMessage> {
    const row = await this.findVisible(ctx, id);
    if (row.userId !== ctx.userId && !(row.geral && can(ctx, 'tickets-manager:showall'))) {
      throw new AppError(CommonError.ERR_NO_PERMISSION, 'Only its owner or a manager can change this quick message');
    }
    return row;
  }

  /** Only a file this service wrote for this company is removed; the stored value is never trusted as a path. */
}
