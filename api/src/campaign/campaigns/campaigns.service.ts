import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { PageQueryDto } from '../../common/http/pagination';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import { isId } from '../../common/http/ids';
import { sniffMediaType } from '../../common/infra/media-type';
import type { RequestContext } from '../../common/access/request-context';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { MediaStorageService } from '../../ticket/messages/media-storage.service';
import { displayName } from '../../common/infra/media-type';
import { Campaign, CampaignStatus } from './campaign.entity';
import { CampaignError } from './campaign.errors';
import { CampaignDispatchService } from './campaign-dispatch.service';
import { CampaignEventsService } from './campaign-events.service';
import { loadNames, mapCampaign, reportCounts } from './campaign-report';
import { referenceExists, shiftLatePending } from './campaigns.queries';
import { changedNonMessageFields, editableNow, missingToRun, statusOnSave, TEXT_FIELDS } from './campaigns.rules';
import type { UploadedFile } from '../../common/http/uploads/uploaded-file';
import type { CampaignDto, CampaignPageDto, CampaignReportDto, CreateCampaignDto, SaveCampaignDto } from './dto/campaign.dto';

/** An upload on disk in the uploads' temp folder (`@Upload`): only its bytes are trusted. */
export type UploadedCampaignFile = UploadedFile;

const REFERENCES = [
  ['whatsappId', 'whatsapps'],
  ['contactListId', 'contact_lists'],
  ['tagListId', 'tags'],
  ['fileListId', 'file_lists'],
] as const;

/**
 * Campaigns of the caller's company: the spec's editability rules and state machine (back-office §4), enforced
 * here whatever the client shows. Saving with scheduledAt makes a campaign PROGRAMADA (checked complete) and
 * wakes the dispatcher at that time; without it the campaign is a draft (INATIVA).
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly em: EntityManager,
    private readonly dispatch: CampaignDispatchService,
    private readonly events: CampaignEventsService,
    private readonly media: MediaStorageService,
  ) {}

  async list(ctx: RequestContext, query: PageQueryDto): Promise<CampaignPageDto> {
    const term = query.searchParam?.trim();
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(
      Campaign,
      { companyId: ctx.companyId, ...(term ? { name: { $ilike: likeTerm(term) } } : {}) },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset },
    );
    const names = await loadNames(this.em, ctx.companyId, rows);
    return { records: rows.map((c) => mapCampaign(c, names)), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async report(ctx: RequestContext, id: number): Promise<CampaignReportDto> {
    const campaign = await this.find(ctx, id);
    return { campaign: await this.dto(campaign), ...(await reportCounts(this.em, campaign)) };
  }

  async create(ctx: RequestContext, body: CreateCampaignDto): Promise<CampaignDto> {
    await this.checkReferences(ctx, body);
    const campaign = this.em.create(Campaign, { companyId: ctx.companyId, name: body.name });
    this.apply(campaign, body);
    campaign.status = statusOnSave(campaign);
    this.checkComplete(campaign);
    await this.em.flush();
    const dto = await this.dto(campaign);
    this.events.saved(ctx.companyId, 'create', dto);
    await this.dispatch.scheduleStart(campaign);
    return dto;
  }

  async update(ctx: RequestContext, id: number, body: SaveCampaignDto): Promise<CampaignDto> {
    const campaign = await this.find(ctx, id);
    const editable = editableNow(campaign, new Date());
    if (editable === 'none') throw new AppError(CampaignError.ERR_CAMPAIGN_NOT_EDITABLE);
    if (editable === 'messages') {
      const changed = changedNonMessageFields(campaign, body);
      if (changed.length) throw new AppError(CampaignError.ERR_CAMPAIGN_NOT_EDITABLE, `A cancelled campaign keeps all but its messages: ${changed.join(', ')}`);
      for (const k of TEXT_FIELDS) if (body[k] !== undefined) campaign[k] = body[k];
    } else {
      await this.checkReferences(ctx, body);
      this.apply(campaign, body);
      campaign.status = statusOnSave(campaign);
    }
    this.checkComplete(campaign);
    await this.em.flush();
    const dto = await this.dto(campaign);
    this.events.saved(ctx.companyId, 'update', dto);
    await this.dispatch.scheduleStart(campaign);
    return dto;
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const campaign = await this.find(ctx, id);
    if (campaign.status === 'EM_ANDAMENTO')
      throw new AppError(CampaignError.ERR_CAMPAIGN_STATUS, 'A campaign that is sending must be cancelled before it is deleted');
    await this.em.nativeDelete(Campaign, { id: campaign.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(campaign);
    this.events.deleted(ctx.companyId, id);
  }

  /** EM_ANDAMENTO to CANCELADA: pending sends stop (a send already being stored completes). */
  async cancel(ctx: RequestContext, id: number): Promise<CampaignDto> {
    return this.move(ctx, id, 'EM_ANDAMENTO', 'CANCELADA');
  }

  /** CANCELADA to EM_ANDAMENTO: the recipients not reached yet are sent from now on, keeping their gaps; none is sent twice. */
  async restart(ctx: RequestContext, id: number): Promise<CampaignDto> {
    const dto = await this.move(ctx, id, 'CANCELADA', 'EM_ANDAMENTO');
    await shiftLatePending(tenantSql(this.em, ctx.companyId), id, new Date(), 0);
    await this.dispatch.scheduleTick(ctx.companyId, id);
    return dto;
  }

  /** Before the upload's body is read (`@Upload`): the refusals `uploadMedia` answers first. */
  async assertUploadTarget(ctx: RequestContext, id: number): Promise<void> {
    await this.mediaEditable(ctx, id);
  }

  private async mediaEditable(ctx: RequestContext, id: number): Promise<Campaign> {
    const campaign = await this.find(ctx, id);
    if (editableNow(campaign, new Date()) !== 'all') throw new AppError(CampaignError.ERR_CAMPAIGN_NOT_EDITABLE);
    return campaign;
  }

  async uploadMedia(ctx: RequestContext, id: number, file: UploadedCampaignFile | undefined): Promise<CampaignDto> {
    const campaign = await this.mediaEditable(ctx, id);
    if (!file?.size) throw validationError([{ field: 'file', messages: ['Required'] }]);
    const type = sniffMediaType(file.head);
    if (!type) throw new AppError(CommonError.ERR_UNSUPPORTED_MEDIA_TYPE, 'The attachment must be an image, audio, video or a document WhatsApp carries');
    const stored = await this.media.storeUpload(ctx.companyId, file, type);
    // The previous file stays: messages already sent refer to it.
    campaign.media.path = stored.path;
    campaign.mediaType = type.kind;
    campaign.media.name = displayName(file.originalname, type.ext).replace(/\s+/g, '_');
    await this.em.flush();
    const dto = await this.dto(campaign);
    this.events.saved(ctx.companyId, 'update', dto);
    return dto;
  }

  async deleteMedia(ctx: RequestContext, id: number): Promise<CampaignDto> {
    const campaign = await this.find(ctx, id);
    if (editableNow(campaign, new Date()) !== 'all') throw new AppError(CampaignError.ERR_CAMPAIGN_NOT_EDITABLE);
    campaign.media.path = null;
    campaign.media.name = null;
    campaign.mediaType = null;
    await this.em.flush();
    const dto = await this.dto(campaign);
    this.events.saved(ctx.companyId, 'update', dto);
    return dto;
  }

  private async move(ctx: RequestContext, id: number, from: CampaignStatus, to: CampaignStatus): Promise<CampaignDto> {
    const campaign = await this.find(ctx, id);
    const moved = await this.em.nativeUpdate(
      Campaign,
      { id, companyId: ctx.companyId, status: from },
      { status: to, completedAt: null, updatedAt: new Date() },
    );
    if (!moved) {
      throw new AppError(CampaignError.ERR_CAMPAIGN_STATUS, `Only a campaign in ${from} can become ${to}; this one is ${campaign.status}`);
    }
    await this.em.refresh(campaign);
    const dto = await this.dto(campaign);
    this.events.saved(ctx.companyId, 'update', dto);
    return dto;
  }

  private apply(campaign: Campaign, body: SaveCampaignDto): void {
    if (body.name !== undefined) campaign.name = body.name;
    for (const [field] of REFERENCES) if (body[field] !== undefined) campaign[field] = body[field];
    if (body.confirmation !== undefined) campaign.confirmation = body.confirmation;
    if (body.scheduledAt !== undefined) campaign.scheduledAt = body.scheduledAt;
    for (const k of TEXT_FIELDS) if (body[k] !== undefined) campaign[k] = body[k];
  }

  /** Each id names a row of the caller's company (400 naming the field otherwise, as another company's rows do not exist). */
  private async checkReferences(ctx: RequestContext, body: SaveCampaignDto): Promise<void> {
    const fields: { field: string; messages: string[] }[] = [];
    for (const [field, table] of REFERENCES) {
      const id = body[field];
      if (id === undefined || id === null) continue;
      if (!(await referenceExists(tenantSql(this.em, ctx.companyId), table, id))) fields.push({ field, messages: ['Not found'] });
    }
    if (fields.length) throw validationError(fields);
  }

  /** A PROGRAMADA campaign can run: a connection, recipients and a message (and a confirmation text when it asks first). */
  private checkComplete(c: Campaign): void {
    const fields = missingToRun(c);
    if (fields.length) throw new AppError(CampaignError.ERR_CAMPAIGN_INCOMPLETE, undefined, fields);
  }

  private async find(ctx: RequestContext, id: number): Promise<Campaign> {
    const campaign = isId(id) ? await this.em.findOne(Campaign, { id, companyId: ctx.companyId }) : null;
    if (!campaign) throw new AppError(CampaignError.ERR_CAMPAIGN_NOT_FOUND);
    return campaign;
  }

  private async dto(campaign: Campaign): Promise<CampaignDto> {
    return mapCampaign(campaign, await loadNames(this.em, campaign.companyId, [campaign]));
  }
}
