import { randomUUID } from 'node:crypto';
import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { FilterQuery, QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import type { CompanyId } from '../../common/tenancy/company-id';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { companyFolder, MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { QUEUES, withQueue } from '../../jobs/jobs';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { RealtimeService } from '../../realtime/realtime.service';
import type { ServerChannels } from '../../realtime/realtime-events';
import { ContactList } from './contact-list.entity';
import { ContactListError } from './contact-list.errors';
import { CHECK_CONTACT_LIST, CheckContactListJob, IMPORT_CONTACT_LIST, ImportContactListJob } from './contact-list-jobs';
import { sniffSpreadsheet } from './contact-lists.rules';
import { ContactListBodyDto, ContactListDto, ContactListImportDto, ContactListOptionDto, ContactListPageDto, mapContactList } from './dto/contact-list.dto';

/** Where uploaded spreadsheets wait for the worker, in the media store: company{id}/contact-list-imports. */
export const importFolder = (companyId: CompanyId): string => `${companyFolder(companyId)}/contact-list-imports`;

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedSpreadsheet = UploadedFile;

type Channel = 'ContactList' | 'ContactListItem' | 'contactListImport';

/**
 * Contact lists of the caller's company. Every query names `companyId`; the tenant filter is the net under it.
 * Events go only to sockets whose user holds `campaigns:manage` (the rest of the company cannot read the lists).
 */
@Injectable()
export class ContactListsService {
  private readonly log = new Logger('ContactLists');

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @InjectQueue(QUEUES.campaigns) private readonly queue: Queue,
  ) {}

  async list(ctx: RequestContext, query: PageQueryDto): Promise<ContactListPageDto> {
    const term = query.searchParam?.trim();
    const where: FilterQuery<ContactList> = { companyId: ctx.companyId, ...(term ? { name: { $ilike: likeTerm(term) } } : {}) };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(ContactList, where, { orderBy: { name: QueryOrder.ASC, id: QueryOrder.ASC }, limit, offset });
    return { records: rows.map(mapContactList), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async options(ctx: RequestContext): Promise<ContactListOptionDto[]> {
    const rows = await this.em.find(ContactList, { companyId: ctx.companyId }, { orderBy: { name: QueryOrder.ASC, id: QueryOrder.ASC } });
    return rows.map((r) => ({ id: r.id, name: r.name, contactsCount: r.contactsCount ?? 0 }));
  }

  async get(ctx: RequestContext, id: number): Promise<ContactListDto> {
    return mapContactList(await this.findOwned(ctx, id));
  }

  async create(ctx: RequestContext, dto: ContactListBodyDto): Promise<ContactListDto> {
    const row = this.em.create(ContactList, { companyId: ctx.companyId, name: dto.name });
    await this.em.flush();
    row.contactsCount = 0;
    const answer = mapContactList(row);
    this.emit(ctx.companyId, 'ContactList', { action: 'create', record: answer });
    return answer;
  }

  async update(ctx: RequestContext, id: number, dto: ContactListBodyDto): Promise<ContactListDto> {
    const row = await this.findOwned(ctx, id);
    row.name = dto.name;
    await this.em.flush();
    const answer = mapContactList(row);
    this.emit(ctx.companyId, 'ContactList', { action: 'update', record: answer });
    return answer;
  }

  /** Its contacts go with it (foreign key cascade). */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.findOwned(ctx, id);
    await this.em.nativeDelete(ContactList, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    this.emit(ctx.companyId, 'ContactList', { action: 'delete', id: row.id });
  }

  /** Before the spreadsheet's body is read (`@Upload`): the list must be the company's. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.findOwned(ctx, id);
  }

  /**
   * Accepts a spreadsheet for import: checks its bytes, keeps it in the media store (which API and worker processes
   * share) and queues the import; progress follows on the contactListImport channel, named by the importId answered.
   */
  async startImport(ctx: RequestContext, id: number, file: UploadedSpreadsheet | undefined): Promise<ContactListImportDto> {
    const list = await this.findOwned(ctx, id);
    if (!file?.size) throw validationError([{ field: 'file', messages: ['Obrigatório'] }]);
    const format = sniffSpreadsheet(file.head);
    if (!format) {
      throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The file must be an xls or xlsx spreadsheet or a CSV file', [
        { field: 'file', messages: ['Use an xls or xlsx spreadsheet or a CSV file'] },
      ]);
    }
    const importId = randomUUID();
    const key = `${importFolder(ctx.companyId)}/${importId}.${format}`;
    await this.store.moveIn(key, file.path);
    const job: ImportContactListJob = { companyId: ctx.companyId, contactListId: list.id, importId, key, format };
    // Asked for by a person: while Redis cannot take the job, 503 within JOB_ADD_WAIT_MS (JobNotQueuedError), the
    // spreadsheet removed, to send again.
    await withQueue(this.queue, () => this.queue.add(IMPORT_CONTACT_LIST, job, { attempts: 1, removeOnComplete: 100, removeOnFail: 100 })).catch(
      async (e: unknown) => {
        await this.store.remove(key).catch(() => undefined);
        throw e;
      },
    );
    return { importId, contactListId: list.id };
  }

  /**
   * Asks the connection, in the background, which of a list's unchecked numbers have WhatsApp. Best-effort, bounded
   * (withQueue): while Redis is down the check is not queued (logged); the numbers stay unchecked (null) in
   * PostgreSQL, and the list's next check (the next number added, changed or imported) takes every unchecked one.
   */
  async queueCheck(companyId: CompanyId, contactListId: number): Promise<void> {
    const job: CheckContactListJob = { companyId, contactListId };
    await withQueue(this.queue, () => this.queue.add(CHECK_CONTACT_LIST, job, { attempts: 1, removeOnComplete: 100, removeOnFail: 100 })).catch((e: unknown) =>
      this.log.warn(`WhatsApp check of contact list ${contactListId} not queued: ${String(e)}`),
    );
  }

  /** Announces a list again as it now is (its contacts count changed); nothing if it is gone. */
  async announce(companyId: CompanyId, contactListId: number): Promise<void> {
    const list = await forkForCompany(this.em, companyId).findOne(ContactList, { id: contactListId, companyId });
    if (list) this.emit(companyId, 'ContactList', { action: 'update', record: mapContactList(list) });
  }

  emit<C extends Channel>(companyId: CompanyId, channel: C, payload: ServerChannels[C]): void {
    this.realtime.emitToPermission(companyId, channel, 'campaigns:manage', payload);
  }

  async findOwned(ctx: Pick<RequestContext, 'companyId'>, id: number): Promise<ContactList> {
    const row = isId(id) ? await this.em.findOne(ContactList, { id, companyId: ctx.companyId }) : null;
    if (!row) throw new AppError(ContactListError.ERR_CONTACT_LIST_NOT_FOUND);
    return row;
  }
}
