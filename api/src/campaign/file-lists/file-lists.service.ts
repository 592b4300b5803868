import type { CompanyId } from '../../common/tenancy/company-id';
import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { Injectable } from '@nestjs/common';
import { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AttachmentFolder, AttachmentStore } from '../../common/infra/attachment-store';
import { companyFolder } from '../../common/infra/media-store/media-store';
import { AppError, CommonError, FieldError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { mimetypeOfStoredName, SniffedType, sniffMediaType, WHATSAPP_SEND_LIMITS } from '../../common/infra/media-type';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { RealtimeService } from '../../realtime/realtime.service';
import type { MediaType } from '../../ticket/messages/message.entity';
import { MediaStorageService } from '../../ticket/messages/media-storage.service';
import type { OutboundMedia } from '../../ticket/messages/outbound.service';
import { FileList, FileListOption } from './file-list.entity';
import { FileListError } from './file-list.errors';
import { FileListDto, FileListPageDto, ListFileListsDto, mapFileList, SaveFileListDto, UploadFileListDto } from './dto/file-list.dto';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedFileListFile = UploadedFile;

/** A stored file of a list, for a sender that reads files itself. */
export interface FileListAttachment {
  /** Its key in the media store (company{id}/file-lists/…). */
  key: string;
  mimetype: string;
  mediaType: MediaType;
  /** The name it was uploaded with (for display and as the document's file name). */
  name: string;
  /** The server-made file name. */
  storedName: string;
  /** The option's caption. */
  caption: string;
}

/** Every kind sniffMediaType tells that WhatsApp carries as a message (icons are not sent). */
const SENDABLE = (t: SniffedType | null): t is SniffedType => t !== null && t.ext !== 'ico';

/** The files of file lists: `fl{optionId}-{random}.{ext}` in the company's file-lists folder. */
const FILES = new AttachmentStore('fl');
const FOLDER = 'file-lists';

const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * File lists of the caller's company (admins, `campaigns:manage`): a message and its files, sent by campaigns.
 * Files are stored per option under a server-made name; a campaign send gets its own copy (`mediaFor`).
 * Changes are announced on `company-{id}-file` to the sockets allowed to manage campaigns.
 */
@Injectable()
export class FileListsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly media: MediaStorageService,
  ) {}

  async list(ctx: RequestContext, query: ListFileListsDto): Promise<FileListPageDto> {
    const term = query.searchParam?.trim().toLowerCase();
    const where: FilterQuery<FileList> = {
      companyId: ctx.companyId,
      ...(term ? { $or: [{ name: { $ilike: likeTerm(term) } }, { message: { $ilike: likeTerm(term) } }] } : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(FileList, where, { orderBy: { name: 'asc', id: 'asc' }, limit, offset, populate: ['options'] });
    return { files: rows.map(mapFileList), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<FileListDto> {
    return mapFileList(await this.find(ctx.companyId, id));
  }

  async create(ctx: RequestContext, dto: SaveFileListDto): Promise<FileListDto> {
    const options = dto.options ?? [];
    const withIds = options.flatMap((o, i) => (o.id !== undefined ? [{ field: `options.${i}.id`, messages: ['A new file list has no options yet'] }] : []));
    if (withIds.length) throw validationError(withIds);
    const row = this.em.create(FileList, { companyId: ctx.companyId, userId: ctx.userId, name: dto.name, message: dto.message });
    options.forEach((o, position) => {
      row.options.add(this.em.create(FileListOption, { companyId: ctx.companyId, fileList: row, name: o.name ?? '', position }));
    });
    await this.em.flush();
    return this.announce(ctx.companyId, 'create', row);
  }

  /**
   * Name and message change; when options are sent they are the whole list: those named by id are kept (renamed,
   * reordered), new ones added, and the others deleted with their files (after the commit).
   */
  async update(ctx: RequestContext, id: number, dto: SaveFileListDto): Promise<FileListDto> {
    const row = await this.find(ctx.companyId, id);
    const current = new Map(row.options.getItems().map((o) => [o.id, o]));
    const seen = new Set<number>();
    const fields: FieldError[] = [];
    (dto.options ?? []).forEach((o, i) => {
      if (o.id === undefined) return;
      if (!current.has(o.id) || seen.has(o.id)) fields.push({ field: `options.${i}.id`, messages: ['Not an option of this file list'] });
      seen.add(o.id);
    });
    if (fields.length) throw validationError(fields);
    row.name = dto.name;
    row.message = dto.message;
    const removedFiles: (string | null | undefined)[] = [];
    if (dto.options) {
      for (const [optionId, option] of current) {
        if (seen.has(optionId)) continue;
        removedFiles.push(option.media.path);
        row.options.remove(option);
      }
      dto.options.forEach((o, position) => {
        const kept = o.id !== undefined ? current.get(o.id) : undefined;
        if (kept) {
          kept.name = o.name ?? kept.name;
          kept.position = position;
        } else {
          row.options.add(this.em.create(FileListOption, { companyId: ctx.companyId, fileList: row, name: o.name ?? '', position }));
        }
      });
    }
    row.updatedAt = new Date();
    await this.em.flush();
    for (const stored of removedFiles) await FILES.remove(this.folder(ctx.companyId), stored);
    return this.announce(ctx.companyId, 'update', row);
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.find(ctx.companyId, id);
    const stored = row.options.getItems().map((o) => o.media.path);
    await this.em.nativeDelete(FileList, { id: row.id, companyId: ctx.companyId });
    for (const o of row.options.getItems()) this.em.getUnitOfWork().unsetIdentity(o);
    this.em.getUnitOfWork().unsetIdentity(row);
    for (const name of stored) await FILES.remove(this.folder(ctx.companyId), name);
    this.realtime.emitToPermission(ctx.companyId, 'file', 'campaigns:manage', { action: 'delete', fileId: id });
  }

  /**
   * Attaches uploaded files to options: the i-th file goes to the option named by the i-th `id` field, replacing
   * (and deleting) that option's previous file. Every file is checked (kind from its bytes, WhatsApp's size per
   * kind) and every id resolved before anything is stored.
   */
  /** Before the files' body is read (`@Upload`): the list must be the company's. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.find(ctx.companyId, id);
  }

  async upload(ctx: RequestContext, id: number, files: UploadedFileListFile[] | undefined, body: UploadFileListDto): Promise<FileListDto> {
    const row = await this.find(ctx.companyId, id);
    const uploads = files ?? [];
    const listIds = asList(body.fileId);
    if (listIds.some((v) => v !== String(row.id))) throw validationError([{ field: 'fileId', messages: ['Must be the file list of the path'] }]);
    const optionIds = asList(body.id);
    // The original's file-list modal sends this upload after every save, with no files when none was chosen:
    // nothing to store, nothing changes (the controller answers 200 then). Option ids without files are a mistake.
    if (!uploads.length && !optionIds.length) return mapFileList(row);
    if (!uploads.length) throw validationError([{ field: 'files', messages: ['Required'] }]);
    if (optionIds.length !== uploads.length) throw validationError([{ field: 'id', messages: ['One option id per file'] }]);
    const options = new Map(row.options.getItems().map((o) => [String(o.id), o]));
    const fields: FieldError[] = [];
    optionIds.forEach((v, i) => {
      if (!options.has(v) || optionIds.indexOf(v) !== i) fields.push({ field: `id.${i}`, messages: ['Not an option of this file list'] });
    });
    if (fields.length) throw validationError(fields);

    const checked = uploads.map((file, i) => {
      const type = sniffMediaType(file.head);
      if (!SENDABLE(type)) {
        throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The file must be an image, audio, video, PDF or Office/zip document', [
          { field: `files.${i}`, messages: ['Unsupported file type'] },
        ]);
      }
      if (file.size > WHATSAPP_SEND_LIMITS[type.kind]) {
        throw new AppError(CommonError.ERR_PAYLOAD_TOO_LARGE, `The file is larger than ${WHATSAPP_SEND_LIMITS[type.kind] / 1024 / 1024} MB`, [
          { field: `files.${i}`, messages: ['Too large'] },
        ]);
      }
      return { file, type, option: options.get(optionIds[i])! };
    });
    for (const { file, type, option } of checked) {
      option.mediaType = type.kind;
      await FILES.replace(this.em, option, this.folder(ctx.companyId), file, type.ext);
    }
    row.updatedAt = new Date();
    await this.em.flush();
    return this.announce(ctx.companyId, 'update', row);
  }

  /**
   * The list's stored files, for a sender that reads them itself (in list order; options without a file are
   * skipped). Throws ERR_FILE_LIST_NOT_FOUND for a list that is not the company's.
   */
  async attachmentsFor(companyId: CompanyId, fileListId: number): Promise<FileListAttachment[]> {
    const row = await this.find(companyId, fileListId, forkForCompany(this.em, companyId));
    return this.withFiles(row).flatMap((o) => {
      const key = FILES.key(this.folder(companyId), o.media.path);
      return key ? [{ key, ...this.describe(o) }] : [];
    });
  }

  private describe(o: FileListOption): Omit<FileListAttachment, 'key'> {
    return {
      mimetype: mimetypeOfStoredName(o.media.path!),
      mediaType: o.mediaType ?? 'application',
      name: o.media.name ?? o.media.path!,
      storedName: o.media.path!,
      caption: o.name,
    };
  }

  /**
   * What OutboundService.queueMedia / stage take, one per file of the list (in order). Each call gives every file
   * a fresh name in the company's message media (`messages/YYYY-MM/…`: a hard link in a folder, or a copy where
   * links are not possible; a server-side copy in a bucket), so each message owns its file: editing or deleting the list later never changes a sent message.
   * Call it once per message sent.
   */
  async mediaFor(companyId: CompanyId, fileListId: number): Promise<(OutboundMedia & { caption: string })[]> {
    const media: (OutboundMedia & { caption: string })[] = [];
    for (const file of await this.attachmentsFor(companyId, fileListId)) {
      const ext = file.storedName.slice(file.storedName.lastIndexOf('.') + 1);
      const rel = this.media.newName(ext);
      await this.media.mediaStore.copy(file.key, this.media.keyOf(companyId, rel));
      media.push({ path: rel, mediaType: file.mediaType, mediaName: file.name, caption: file.caption });
    }
    return media;
  }

  /** The list's message (what a campaign sends before the list's files). */
  async messageOf(companyId: CompanyId, fileListId: number): Promise<string> {
    return (await this.find(companyId, fileListId, forkForCompany(this.em, companyId))).message;
  }

  /** Where a company's file-list files live: company{id}/file-lists. */
  private folder(companyId: CompanyId): AttachmentFolder {
    return { store: this.media.mediaStore, folder: `${companyFolder(companyId)}/${FOLDER}` };
  }

  private withFiles(row: FileList): FileListOption[] {
    return row.options
      .getItems()
      .filter((o) => o.media.path)
      .sort((a, b) => a.position - b.position || a.id - b.id);
  }

  private announce(companyId: CompanyId, action: 'create' | 'update', row: FileList): FileListDto {
    const dto = mapFileList(row);
    this.realtime.emitToPermission(companyId, 'file', 'campaigns:manage', { action, files: dto });
    return dto;
  }

  private async find(companyId: CompanyId, id: number, em: EntityManager = this.em): Promise<FileList> {
    const row = isId(id) ? await em.findOne(FileList, { id, companyId }, { populate: ['options'] }) : null;
    if (!row) throw new AppError(FileListError.ERR_FILE_LIST_NOT_FOUND);
    return row;
  }
}
