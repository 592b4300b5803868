import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { FilterQuery, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, FieldError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { SecretBox } from '../../common/infra/secret-box';
import { OutboundGuard } from '../../common/infra/outbound/outbound-guard';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company } from '../../tenant/companies/company.entity';
import { mapQueue } from '../../tenant/queues/dto/queue.dto';
import { Queue } from '../../tenant/queues/queue.entity';
import { QueuesService } from '../../tenant/queues/queues.service';
import { linkQueueAndPrompt, type LinkChanges } from '../../tenant/queues/queue-prompt-link';
import { ListPromptsDto, mapPrompt, PromptDto, PromptPageDto, PromptQueueDto, SavePromptDto } from './dto/prompt.dto';
import { DEFAULT_PROMPT_MODEL, Prompt, TEXT_VOICE } from './prompt.entity';
import { PromptError } from './prompt.errors';

/**
 * AI prompts of the caller's company (admins, `automation:manage`, plan flag `useOpenAi`). Keys are sealed with
 * SecretBox before they are stored and never answered; changes go out on `company-{id}-prompt` to the sockets
 * allowed to manage automation.
 */
@Injectable()
export class PromptsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly secrets: SecretBox,
    private readonly outbound: OutboundGuard,
    private readonly queues: QueuesService,
  ) {}

  /** A queue's save may change prompts' queues (one link): the queues module announces them through us. */
  onModuleInit(): void {
    this.queues.announcePromptsWith((companyId, ids) => this.announceIds(companyId, ids));
  }

  async list(ctx: RequestContext, query: ListPromptsDto): Promise<PromptPageDto> {
    const term = query.searchParam?.trim().toLowerCase();
    const where: FilterQuery<Prompt> = {
      companyId: ctx.companyId,
      ...(term ? { $or: [{ name: { $ilike: likeTerm(term) } }, { prompt: { $ilike: likeTerm(term) } }] } : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(Prompt, where, { orderBy: { name: 'asc', id: 'asc' }, limit, offset });
    const queues = await this.queuesById(
      ctx.companyId,
      rows.map((r) => r.queueId),
    );
    return {
      prompts: rows.map((r) => mapPrompt(r, r.queueId ? (queues.get(r.queueId) ?? null) : null)),
      count,
      hasMore: hasMorePages(offset, rows.length, count),
    };
  }

  async get(ctx: RequestContext, id: number): Promise<PromptDto> {
    return this.toDto(await this.find(ctx.companyId, id));
  }

  async create(ctx: RequestContext, dto: SavePromptDto): Promise<PromptDto> {
    const fields: FieldError[] = [];
    if (!dto.apiKey?.trim()) fields.push({ field: 'apiKey', messages: ['Obrigatório'] });
    await this.checkQueue(ctx.companyId, dto.queueId, fields);
    if (fields.length) throw validationError(fields);
    await this.outbound.assertUrls([{ field: 'baseUrl', url: dto.baseUrl }]);
    const { row, changes } = await this.em.transactional(async (em) => {
      await this.lockCompany(em, ctx.companyId);
      // The queue's former prompt gives it up before this one takes it (one prompt per queue).
      const before = await linkQueueAndPrompt(em, ctx.companyId, { queueId: dto.queueId, promptId: null });
      const row = em.create(Prompt, {
        companyId: ctx.companyId,
        name: dto.name,
        prompt: dto.prompt,
        apiKey: this.secrets.seal(dto.apiKey!.trim()),
        queueId: dto.queueId,
        voice: dto.voice ?? TEXT_VOICE,
        voiceKey: dto.voiceKey?.trim() ? this.secrets.seal(dto.voiceKey.trim()) : null,
        voiceRegion: dto.voiceRegion ?? null,
        maxTokens: dto.maxTokens ?? 100,
        temperature: dto.temperature ?? 1,
        maxMessages: dto.maxMessages ?? 10,
        model: dto.model ?? DEFAULT_PROMPT_MODEL,
        baseUrl: dto.baseUrl ?? null,
      });
      await em.flush();
      const after = await linkQueueAndPrompt(em, ctx.companyId, { queueId: dto.queueId, promptId: row.id });
      return { row, changes: { queueIds: [...before.queueIds, ...after.queueIds], promptIds: before.promptIds } };
    });
    const answer = await this.announce(ctx.companyId, 'create', row);
    await this.announceLinked(ctx.companyId, changes, dto.queueId);
    return answer;
  }

  /** The dialog's fields replace the stored ones; an omitted or empty apiKey/voiceKey keeps the stored key (voiceKey null removes it). */
  async update(ctx: RequestContext, id: number, dto: SavePromptDto): Promise<PromptDto> {
    await this.find(ctx.companyId, id);
    const fields: FieldError[] = [];
    await this.checkQueue(ctx.companyId, dto.queueId, fields);
    if (fields.length) throw validationError(fields);
    await this.outbound.assertUrls([{ field: 'baseUrl', url: dto.baseUrl }]);
    const { row, changes } = await this.em.transactional(async (em) => {
      await this.lockCompany(em, ctx.companyId);
      const row = await em.findOneOrFail(Prompt, { id, companyId: ctx.companyId }, { refresh: true });
      row.name = dto.name;
      row.prompt = dto.prompt;
      if (dto.apiKey?.trim()) row.apiKey = this.secrets.seal(dto.apiKey.trim());
      if (dto.voiceKey === null) row.voiceKey = null;
      else if (dto.voiceKey?.trim()) row.voiceKey = this.secrets.seal(dto.voiceKey.trim());
      if (dto.voice !== undefined) row.voice = dto.voice;
      if (dto.voiceRegion !== undefined) row.voiceRegion = dto.voiceRegion;
      if (dto.maxTokens !== undefined) row.maxTokens = dto.maxTokens;
      if (dto.temperature !== undefined) row.temperature = dto.temperature;
      if (dto.maxMessages !== undefined) row.maxMessages = dto.maxMessages;
      if (dto.model !== undefined) row.model = dto.model;
      if (dto.baseUrl !== undefined) row.baseUrl = dto.baseUrl;
      row.queueId = dto.queueId;
      row.updatedAt = new Date();
      // Both sides of the link first (the queue's former prompt lets go before this one takes it), then the row.
      const changes = await linkQueueAndPrompt(em, ctx.companyId, { queueId: dto.queueId, promptId: row.id });
      await em.flush();
      return { row, changes };
    });
    const answer = await this.announce(ctx.companyId, 'update', row);
    await this.announceLinked(ctx.companyId, changes, dto.queueId);
    return answer;
  }

  /** Connections, queues and tickets that named it lose it (ON DELETE SET NULL): their tickets go to people. */
  async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
    const row = await this.find(ctx.companyId, id);
    await this.em.nativeDelete(Prompt, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    this.realtime.emitToPermission(ctx.companyId, 'prompt', 'automation:manage', { action: 'delete', promptId: id });
    return { message: 'Prompt deleted' };
  }

  /** The stored prompt with its keys opened, for the agent (its own EntityManager, scoped to the company). */
  async forAgent(em: EntityManager, companyId: CompanyId, id: number): Promise<(Prompt & { plainApiKey: string; plainVoiceKey: string | null }) | null> {
    const row = isId(id) ? await em.findOne(Prompt, { id, companyId }) : null;
    if (!row) return null;
    return Object.assign(row, {
      plainApiKey: this.secrets.open(row.apiKey),
      plainVoiceKey: row.voiceKey ? this.secrets.open(row.voiceKey) : null,
    });
  }

  private async checkQueue(companyId: CompanyId, queueId: number, fields: FieldError[]): Promise<void> {
    const found = isId(queueId) ? await this.em.count(Queue, { id: queueId, companyId }) : 0;
    if (!found) fields.push({ field: 'queueId', messages: ['Informe o setor'] });
  }

  private async queuesById(companyId: CompanyId, ids: (number | null | undefined)[]): Promise<Map<number, PromptQueueDto>> {
    const wanted = [...new Set(ids.filter((q): q is number => !!q))];
    const rows = wanted.length ? await this.em.find(Queue, { id: { $in: wanted }, companyId }, { fields: ['id', 'name'] }) : [];
    return new Map(rows.map((q) => [q.id, { id: q.id, name: q.name }]));
  }

  private async toDto(row: Prompt): Promise<PromptDto> {
    const queues = await this.queuesById(row.companyId, [row.queueId]);
    return mapPrompt(row, row.queueId ? (queues.get(row.queueId) ?? null) : null);
  }

  private async announce(companyId: CompanyId, action: 'create' | 'update', row: Prompt): Promise<PromptDto> {
    const dto = await this.toDto(row);
    this.realtime.emitToPermission(companyId, 'prompt', 'automation:manage', { action, prompt: dto });
    return dto;
  }

  /** Link changes are serialised per company (as queue changes are): the one-to-one indexes never see a race. */
  private async lockCompany(em: EntityManager, companyId: CompanyId): Promise<void> {
    await em.findOneOrFail(Company, { id: companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The queue now answered by the prompt and every row the link took from: their lists follow at once. */
  private async announceLinked(companyId: CompanyId, changes: LinkChanges, queueId: number): Promise<void> {
    const em = this.em.fork();
    const queues = await em.find(Queue, { id: { $in: [queueId, ...changes.queueIds] }, companyId });
    for (const queue of queues) this.realtime.emit(companyId, 'queue', { action: 'update', queue: mapQueue(queue) });
    await this.announceIds(companyId, changes.promptIds);
  }

  private async announceIds(companyId: CompanyId, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const prompts = await this.em.fork().find(Prompt, { id: { $in: ids }, companyId });
    for (const prompt of prompts) await this.announce(companyId, 'update', prompt);
  }

  private async find(companyId: CompanyId, id: number): Promise<Prompt> {
    const row = isId(id) ? await this.em.findOne(Prompt, { id, companyId }) : null;
    if (!row) throw new AppError(PromptError.ERR_PROMPT_NOT_FOUND);
    return row;
  }
}
