import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, validationError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { SecretBox } from '../../common/infra/secret-box';
import { forbiddenIn, OutboundGuard } from '../../common/infra/outbound/outbound-guard';
import { RealtimeService } from '../../realtime/realtime.service';
import { DialogflowGateway, parseServiceAccount } from './dialogflow.gateway';
import {
  CreatedQueueIntegrationDto,
  ListQueueIntegrationsDto,
  mapQueueIntegration,
  QueueIntegrationDto,
  QueueIntegrationPageDto,
  QueueIntegrationSecretDto,
  SaveQueueIntegrationDto,
  TestSessionDto,
  TestSessionResultDto,
} from './dto/queue-integration.dto';
import { QueueIntegration, SIGNED_TYPES, URL_TYPES } from './queue-integration.entity';
import { QueueIntegrationError } from './queue-integration.errors';
import { newSecret } from './signing';

/**
 * Queue integrations of the caller's company (admins, `automation:manage`, plan feature `useIntegrations`).
 * Credentials (service-account JSON, signing secrets) are sealed with SecretBox and never returned; changes are
 * announced on `company-{id}-queueIntegration` to the sockets allowed to manage automation.
 */
@Injectable()
export class QueueIntegrationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly box: SecretBox,
    private readonly dialogflow: DialogflowGateway,
    private readonly outbound: OutboundGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(ctx: RequestContext, query: ListQueueIntegrationsDto): Promise<QueueIntegrationPageDto> {
    const term = query.searchParam?.trim().toLowerCase();
    const where: FilterQuery<QueueIntegration> = {
      companyId: ctx.companyId,
      ...(term ? { $or: [{ name: { $ilike: likeTerm(term) } }, { projectName: { $ilike: likeTerm(term) } }] } : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(QueueIntegration, where, { orderBy: { name: 'asc', id: 'asc' }, limit, offset });
    return { queueIntegrations: rows.map(mapQueueIntegration), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<QueueIntegrationDto> {
    return mapQueueIntegration(await this.find(ctx.companyId, id));
  }

  async create(ctx: RequestContext, dto: SaveQueueIntegrationDto): Promise<CreatedQueueIntegrationDto> {
    if (dto.type === 'dialogflow' && !dto.jsonContent) throw validationError([{ field: 'jsonContent', messages: ['Required'] }]);
    await this.checkUrls(dto);
    const row = this.em.create(QueueIntegration, { companyId: ctx.companyId, type: dto.type, name: dto.name });
    this.apply(row, dto);
    let secret: string | undefined;
    if (SIGNED_TYPES.includes(row.type)) secret = this.issueSecret(row);
    await this.em.flush();
    const out = this.announce(ctx.companyId, 'create', row);
    return secret ? { ...out, secret } : out;
  }

  /**
   * The whole dialog is saved. A blank jsonContent keeps the stored one; a change to n8n or webhook makes a secret
   * when there is none (answered once, as on create); a change away from them, or from dialogflow, drops the
   * credentials that type had.
   */
  async update(ctx: RequestContext, id: number, dto: SaveQueueIntegrationDto): Promise<CreatedQueueIntegrationDto> {
    const row = await this.find(ctx.companyId, id);
    if (dto.type === 'dialogflow' && !dto.jsonContent && (row.type !== 'dialogflow' || !row.jsonContent)) {
      throw validationError([{ field: 'jsonContent', messages: ['Required'] }]);
    }
    await this.checkUrls(dto);
    row.type = dto.type;
    row.name = dto.name;
    this.apply(row, dto);
    let secret: string | undefined;
    if (SIGNED_TYPES.includes(row.type) && !row.secret) secret = this.issueSecret(row);
    row.updatedAt = new Date();
    await this.em.flush();
    const out = this.announce(ctx.companyId, 'update', row);
    return secret ? { ...out, secret } : out;
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const row = await this.find(ctx.companyId, id);
    // Connections, queues and tickets that named it lose it (foreign keys ON DELETE SET NULL).
    await this.em.nativeDelete(QueueIntegration, { id: row.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(row);
    this.realtime.emitToPermission(ctx.companyId, 'queueIntegration', 'automation:manage', { action: 'delete', integrationId: id });
  }

  /** A new signing secret for an n8n or webhook integration; the old one stops working at once. */
  async rotateSecret(ctx: RequestContext, id: number): Promise<QueueIntegrationSecretDto> {
    const row = await this.find(ctx.companyId, id);
    if (!SIGNED_TYPES.includes(row.type)) throw new AppError(QueueIntegrationError.ERR_QUEUE_INTEGRATION_NO_SECRET);
    const secret = this.issueSecret(row);
    row.updatedAt = new Date();
    await this.em.flush();
    this.announce(ctx.companyId, 'update', row);
    return { secret, secretHint: row.secretHint! };
  }

  /** Sends 'Olá' to the agent as a throw-away session; the answer or the reason it failed. Never throws for Dialogflow's sake. */
  async testSession(ctx: RequestContext, dto: TestSessionDto): Promise<TestSessionResultDto> {
    let json = dto.jsonContent ?? null;
    let cacheKey = `test:${ctx.companyId}`;
    if (!json && dto.id) {
      const row = await this.find(ctx.companyId, dto.id);
      if (row.type === 'dialogflow' && row.jsonContent) json = this.box.open(row.jsonContent);
      cacheKey = `${ctx.companyId}:${row.id}`;
    }
    if (!json) throw validationError([{ field: 'jsonContent', messages: ['Required'] }]);
    let account;
    try {
      account = parseServiceAccount(json);
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
    try {
      const result = await this.dialogflow.detect(
        ctx.companyId,
        cacheKey,
        account,
        dto.projectName,
        `test-${ctx.userId}-${Date.now()}`,
        'Olá',
        dto.language ?? 'pt-BR',
        this.config.integrationTimeoutMs,
      );
      return { ok: true, reply: result.texts.join('\n') };
    } catch (e) {
      return { ok: false, error: describe(e) };
    }
  }

  /** The integration of the company, or ERR_QUEUE_INTEGRATION_NOT_FOUND. */
  async find(companyId: CompanyId, id: number, em: EntityManager = this.em): Promise<QueueIntegration> {
    const row = isId(id) ? await em.findOne(QueueIntegration, { id, companyId }) : null;
    if (!row) throw new AppError(QueueIntegrationError.ERR_QUEUE_INTEGRATION_NOT_FOUND);
    return row;
  }

  /**
   * The URLs the server will call for this integration go through the outbound guard (400
   * ERR_OUTBOUND_URL_FORBIDDEN): the webhook, n8n or typebot URL, and a Dialogflow key's `token_uri`.
   */
  private async checkUrls(dto: SaveQueueIntegrationDto): Promise<void> {
    let tokenUri: string | undefined;
    if (dto.type === 'dialogflow' && dto.jsonContent) {
      try {
        tokenUri = parseServiceAccount(dto.jsonContent).token_uri;
      } catch {
        // apply() answers the validation error.
      }
    }
    await this.outbound.assertUrls([
      { field: 'urlN8N', url: URL_TYPES.includes(dto.type) ? dto.urlN8N : null },
      { field: 'jsonContent', url: tokenUri },
    ]);
  }

  private apply(row: QueueIntegration, dto: SaveQueueIntegrationDto): void {
    const t = row.type;
    if (t === 'dialogflow') {
      if (dto.jsonContent) {
        try {
          parseServiceAccount(dto.jsonContent);
        } catch (e) {
          throw validationError([{ field: 'jsonContent', messages: [(e as Error).message] }]);
        }
        row.jsonContent = this.box.seal(dto.jsonContent);
      }
      row.projectName = dto.projectName ?? null;
      row.language = dto.language ?? row.language ?? 'pt-BR';
    } else {
      row.jsonContent = null;
      row.projectName = row.name;
    }
    row.urlN8N = URL_TYPES.includes(t) ? (dto.urlN8N ?? null) : null;
    if (!SIGNED_TYPES.includes(t)) {
      row.secret = null;
      row.secretHint = null;
    }
    const typebot = t === 'typebot';
    row.urlFrontend = typebot ? (dto.urlFrontend ?? null) : null;
    row.typebotSlug = typebot ? (dto.typebotSlug ?? null) : null;
    row.typebotDelayMessage = typebot ? (dto.typebotDelayMessage ?? row.typebotDelayMessage ?? 1000) : 1000;
    row.typebotExpires = typebot ? (dto.typebotExpires ?? row.typebotExpires ?? 1) : 1;
    row.typebotKeywordFinish = typebot ? (dto.typebotKeywordFinish ?? null) : null;
    row.typebotKeywordRestart = typebot ? (dto.typebotKeywordRestart ?? null) : null;
    row.typebotRestartMessage = typebot ? (dto.typebotRestartMessage ?? null) : null;
    row.typebotUnknownMessage = typebot ? (dto.typebotUnknownMessage ?? null) : null;
  }

  private issueSecret(row: QueueIntegration): string {
    const { secret, hint } = newSecret();
    row.secret = this.box.seal(secret);
    row.secretHint = hint;
    return secret;
  }

  private announce(companyId: CompanyId, action: 'create' | 'update', row: QueueIntegration): QueueIntegrationDto {
    const dto = mapQueueIntegration(row);
    this.realtime.emitToPermission(companyId, 'queueIntegration', 'automation:manage', { action, queueIntegration: dto });
    return dto;
  }
}

/** A Dialogflow or network failure, said in one line (no credentials in it). */
export function describe(e: unknown): string {
  const err = e as { code?: number | string; details?: string; message?: string; name?: string };
  if (err?.name === 'TimeoutError' || err?.code === 4) return 'Dialogflow did not answer in time';
  const forbidden = forbiddenIn(e);
  if (forbidden) return `The server may not call ${forbidden.host}: ${forbidden.reason}`;
  const text = err?.details || err?.message || String(e);
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(text)) return 'Dialogflow could not be reached (network error)';
  return text.split('\n')[0].slice(0, 300);
}
