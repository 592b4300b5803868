import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, FieldError, validationError } from '../../common/http/errors';
import { can, RequestContext } from '../../common/access/request-context';
import { isId } from '../../common/http/ids';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { integrationExists, promptExists } from './whatsapps.queries';
import { RealtimeService } from '../../realtime/realtime.service';
import { User } from '../../auth/users/user.entity';
import { Company } from '../../tenant/companies/company.entity';
import { PlanLimitsService } from '../../tenant/plans/plan-limits.service';
import { Queue } from '../../tenant/queues/queue.entity';
import { ConnectionError } from '../connection.errors';
import { ConnectionSessionsService } from '../sessions/connection-sessions.service';
import { SecretBox } from '../../common/infra/secret-box';
import { resolvePurposes } from '../templates/template-purposes';
import { applyCloudCredentials, newVerifyToken, officialFieldErrors } from './official-connection';
import { CreateWhatsappDto, UpdateWhatsappDto, WhatsappTokenDto } from './dto/save-whatsapp.dto';
import { CreatedWhatsappDto, mapWhatsapp, WhatsappDto } from './dto/whatsapp.dto';
import { issueToken } from './whatsapp-token';
import { isOfficial, Whatsapp } from './whatsapp.entity';

type Editable = Omit<
  UpdateWhatsappDto,
  'name' | 'isDefault' | 'provider' | 'queueIds' | 'cloudPhoneNumberId' | 'cloudBusinessAccountId' | 'cloudAccessToken' | 'cloudAppSecret' | 'templatePurposes'
>;
const EDITABLE: (keyof Editable)[] = [
  'promptId',
  'integrationId',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'transferMessage',
  'expiresInactiveMessage',
  'sendIdQueue',
  'timeSendQueue',
  'expiresTicket',
  'timeUseBotQueues',
  'maxUseBotQueues',
];

/**
 * The company's WhatsApp connections (administration §2, connections page and modal).
 *
 * Rules: names are unique in the company (case-insensitive); the plan caps how many there are; exactly one is
 * the default while the company has any (the first one is; making another the default moves the flag; the default
 * cannot be switched off, only handed over: ERR_NO_OTHER_WHATSAPP; deleting it hands it to the oldest remaining).
 * Changes are serialised per company by a lock on its row. The QR code and pairing code go only to users who may
 * manage connections, over HTTP and in realtime events alike.
 */
@Injectable()
export class WhatsappService {
  constructor(
    private readonly em: EntityManager,
    private readonly limits: PlanLimitsService,
    private readonly sessions: ConnectionSessionsService,
    private readonly realtime: RealtimeService,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(ctx: RequestContext): Promise<WhatsappDto[]> {
    const rows = await this.em.find(Whatsapp, { companyId: ctx.companyId }, { populate: ['queues'], orderBy: { name: 'asc', id: 'asc' } });
    return rows.map((w) => this.toDto(w, can(ctx, 'connections:manage')));
  }

  async get(ctx: RequestContext, id: number): Promise<WhatsappDto> {
    const w = await this.findOwned(this.em, ctx.companyId, id);
    return this.toDto(w, can(ctx, 'connections:manage'));
  }

  /** The connection as answered; `manager`: the caller may manage connections (codes, webhook set-up, purposes). */
  toDto(w: Whatsapp, manager: boolean): WhatsappDto {
    return mapWhatsapp(w, manager, this.config.publicApiUrl);
  }

  /** Creates the connection with its send-message API token (in this answer only) and starts its session. */
  async create(ctx: RequestContext, dto: CreateWhatsappDto): Promise<CreatedWhatsappDto> {
    const provider = dto.provider ?? 'baileys';
    if ((provider === 'sandbox' || provider === 'sandbox_cloud') && this.config.nodeEnv === 'production') {
      throw validationError([{ field: 'provider', messages: ['The sandbox network is not available in production'] }]);
    }
    const officialErrors = officialFieldErrors(provider, dto, true);
    if (officialErrors.length) throw validationError(officialErrors);
    // No template is synced before the connection exists: a purpose named now cannot be one of its templates.
    const purpose = dto.templatePurposes && Object.entries(dto.templatePurposes).find(([, choice]) => choice);
    if (purpose) {
      throw new AppError(ConnectionError.ERR_TEMPLATE_NOT_FOUND, undefined, [
        { field: `templatePurposes.${purpose[0]}`, messages: ['Sync the templates after creating the connection, then choose one'] },
      ]);
    }
    const issued = issueToken();
    const { created, previousDefault } = await this.withUniqueName(() =>
      this.em.transactional(async (em) => {
        await this.lockCompany(em, ctx.companyId);
        const others = await em.find(Whatsapp, { companyId: ctx.companyId });
        this.assertNameFree(others, dto.name);
        await this.limits.assertCanAdd(ctx.companyId, 'connections', others.length);
        const queues = await this.queuesOf(em, ctx.companyId, dto);
        const currentDefault = others.find((o) => o.isDefault);
        const isDefault = !currentDefault || dto.isDefault === true;
        if (isDefault && currentDefault) {
          currentDefault.isDefault = false;
          await em.flush(); // the old default first: one default per company is a unique index
        }
        const w = em.create(Whatsapp, {
          companyId: ctx.companyId,
          name: dto.name,
          provider,
          isDefault,
          status: 'OPENING',
          tokenHash: issued.hash,
          tokenHint: issued.hint,
          cloudVerifyToken: isOfficial(provider) ? newVerifyToken() : null,
        });
        applyCloudCredentials(w, dto, this.box);
        await this.assertPrompt(em, ctx.companyId, dto.promptId);
        await this.assertIntegration(em, ctx.companyId, dto.integrationId);
        this.applyEditable(w, dto);
        w.queues.set(queues);
        await em.flush();
        return { created: w, previousDefault: isDefault ? currentDefault : undefined };
      }),
    );
    if (previousDefault) this.announce(ctx.companyId, previousDefault);
    this.announce(ctx.companyId, created);
    // A worker of this process starts it now; with ROLE=api a worker's next sweep does (status OPENING).
    void this.sessions.start(ctx.companyId, created.id).catch(() => undefined);
    return { ...this.toDto(created, true), token: issued.token };
  }

  async update(ctx: RequestContext, id: number, dto: UpdateWhatsappDto): Promise<WhatsappDto> {
    const current = await this.findOwned(this.em, ctx.companyId, id);
    if (dto.provider !== undefined && dto.provider !== current.provider) {
      throw validationError([{ field: 'provider', messages: ['The provider of a connection cannot change: create another connection'] }]);
    }
    const officialErrors = officialFieldErrors(current.provider, dto, false);
    if (officialErrors.length) throw validationError(officialErrors);
    let credentialsChanged = false;
    const { updated, previousDefault } = await this.withUniqueName(() =>
      this.em.transactional(async (em) => {
        await this.lockCompany(em, ctx.companyId);
        const w = await this.findOwned(em, ctx.companyId, id);
        const others = (await em.find(Whatsapp, { companyId: ctx.companyId })).filter((o) => o.id !== w.id);
        if (dto.name !== undefined && dto.name !== null) {
          this.assertNameFree(others, dto.name);
          w.name = dto.name;
        }
        let previous: Whatsapp | undefined;
        if (dto.isDefault === false && w.isDefault) throw new AppError(ConnectionError.ERR_NO_OTHER_WHATSAPP);
        if (dto.isDefault === true && !w.isDefault) {
          previous = others.find((o) => o.isDefault);
          if (previous) {
            previous.isDefault = false;
            await em.flush();
          }
          w.isDefault = true;
        }
        if (dto.queueIds !== undefined || dto.sendIdQueue) {
          const queues = await this.queuesOf(em, ctx.companyId, dto);
          if (dto.queueIds !== undefined) w.queues.set(queues);
        }
        await this.assertPrompt(em, ctx.companyId, dto.promptId);
        await this.assertIntegration(em, ctx.companyId, dto.integrationId);
        this.applyEditable(w, dto);
        credentialsChanged = applyCloudCredentials(w, dto, this.box);
        if (dto.templatePurposes !== undefined && isOfficial(w.provider)) {
          w.templatePurposes = await resolvePurposes(em, ctx.companyId, w, dto.templatePurposes);
        }
        await em.flush();
        return { updated: w, previousDefault: previous };
      }),
    );
    if (previousDefault) this.announce(ctx.companyId, previousDefault);
    this.announce(ctx.companyId, updated);
    // New credentials of an official connection: its session connects again with them (the status shows the outcome).
    if (credentialsChanged && updated.status !== 'DISCONNECTED') {
      await this.sessions.restart(ctx.companyId, id, { fresh: false, pairingNumber: null }).catch(() => undefined);
    }
    return this.toDto(updated, true);
  }

  /**
   * Deletes the connection: its session ends (the phone is logged out, so the device disappears from the
   * phone's linked devices) and its auth state goes with it. Its tickets stay, without a connection; users who had
   * it as their default connection lose that default.
   */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const w = await this.findOwned(this.em, ctx.companyId, id);
    await this.sessions.stop(ctx.companyId, w.id, { logout: true }).catch(() => undefined);
    const heir = await this.em.transactional(async (em) => {
      await this.lockCompany(em, ctx.companyId);
      const current = await this.findOwned(em, ctx.companyId, id);
      await em.nativeUpdate(User, { companyId: ctx.companyId, whatsappId: current.id }, { whatsappId: null });
      await em.nativeDelete(Whatsapp, { id: current.id, companyId: ctx.companyId });
      if (!current.isDefault) return undefined;
      const next = await em.findOne(Whatsapp, { companyId: ctx.companyId }, { orderBy: { id: 'asc' }, populate: ['queues'] });
      if (next) next.isDefault = true;
      await em.flush();
      return next ?? undefined;
    });
    this.em.getUnitOfWork().unsetIdentity(w);
    this.realtime.emit(ctx.companyId, 'whatsapp', { action: 'delete', whatsappId: id });
    if (heir) this.announce(ctx.companyId, heir);
  }

  /** A new send-message API token; the old one stops working at once. Shown in this answer only. */
  async rotateToken(ctx: RequestContext, id: number): Promise<WhatsappTokenDto> {
    const w = await this.findOwned(this.em, ctx.companyId, id);
    const issued = issueToken();
    w.tokenHash = issued.hash;
    w.tokenHint = issued.hint;
    await this.em.flush();
    this.announce(ctx.companyId, w);
    return { token: issued.token, tokenHint: issued.hint };
  }

  /** Turns the send-message API off for this connection. */
  async revokeToken(ctx: RequestContext, id: number): Promise<void> {
    const w = await this.findOwned(this.em, ctx.companyId, id);
    w.tokenHash = null;
    w.tokenHint = null;
    await this.em.flush();
    this.announce(ctx.companyId, w);
  }

  /** The connection of the company, with its queues; ERR_NO_WAPP_FOUND otherwise. */
  async findOwned(em: EntityManager, companyId: CompanyId, id: number): Promise<Whatsapp> {
    const w = isId(id) ? await em.findOne(Whatsapp, { id, companyId }, { populate: ['queues'] }) : null;
    if (!w) throw new AppError(ConnectionError.ERR_NO_WAPP_FOUND);
    return w;
  }

  /** `company-{id}-whatsapp`: the connection as GET /whatsapp/{id} answers it, codes only to managers. */
  announce(companyId: CompanyId, w: Whatsapp): void {
    this.realtime.emitByPermission(
      companyId,
      'whatsapp',
      'connections:manage',
      { action: 'update', whatsapp: this.toDto(w, true) },
      { action: 'update', whatsapp: this.toDto(w, false) },
    );
  }

  /** A promptId must name an AI prompt of the company (read by SQL: connection does not import automation). */
  private async assertPrompt(em: EntityManager, companyId: CompanyId, promptId: number | null | undefined): Promise<void> {
    if (!promptId) return;
    if (!isId(promptId) || !(await promptExists(tenantSql(em, companyId), promptId)))
      throw validationError([{ field: 'promptId', messages: ['Unknown prompt'] }]);
  }

  /** An integrationId must name a queue integration of the company (read by SQL: connection does not import automation). */
  private async assertIntegration(em: EntityManager, companyId: CompanyId, integrationId: number | null | undefined): Promise<void> {
    if (!integrationId) return;
    if (!(await integrationExists(tenantSql(em, companyId), integrationId)))
      throw validationError([{ field: 'integrationId', messages: ['Unknown integration'] }]);
  }

  private applyEditable(w: Whatsapp, dto: Editable): void {
    for (const key of EDITABLE) {
      const value = dto[key];
      if (value === undefined) continue;
      if (value === null && (key === 'timeSendQueue' || key === 'expiresTicket' || key === 'timeUseBotQueues' || key === 'maxUseBotQueues')) {
        throw validationError([{ field: key, messages: ['Must be a number'] }]);
      }
      (w as unknown as Record<string, unknown>)[key] = value;
    }
  }

  /** The company's queues named in `queueIds` and `sendIdQueue`; unknown ones (or another company's) are field errors. */
  private async queuesOf(em: EntityManager, companyId: CompanyId, dto: Pick<UpdateWhatsappDto, 'queueIds' | 'sendIdQueue'>): Promise<Queue[]> {
    const wanted = [...new Set([...(dto.queueIds ?? []), ...(dto.sendIdQueue ? [dto.sendIdQueue] : [])])];
    const found = wanted.length ? await em.find(Queue, { id: { $in: wanted }, companyId }) : [];
    const known = new Set(found.map((q) => q.id));
    const fields: FieldError[] = [];
    const missing = (dto.queueIds ?? []).filter((q) => !known.has(q));
    if (missing.length) fields.push({ field: 'queueIds', messages: [`Unknown queues: ${missing.join(', ')}`] });
    if (dto.sendIdQueue && !known.has(dto.sendIdQueue)) fields.push({ field: 'sendIdQueue', messages: ['Unknown queue'] });
    if (fields.length) throw validationError(fields);
    return found.filter((q) => (dto.queueIds ?? []).includes(q.id));
  }

  private assertNameFree(others: Whatsapp[], name: string): void {
    if (others.some((o) => o.name.toLowerCase() === name.toLowerCase())) throw this.nameTaken();
  }

  private nameTaken(): AppError {
    return new AppError(ConnectionError.ERR_WAPP_NAME_ALREADY_EXISTS, undefined, [{ field: 'name', messages: ['Already in use'] }]);
  }

  private async lockCompany(em: EntityManager, companyId: CompanyId): Promise<void> {
    await em.findOneOrFail(Company, { id: companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The unique indexes back the checks: a concurrent request that slipped past them gets the same answer. */
  private async withUniqueName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException && String(e.message).includes('whatsapps_name_per_company')) throw this.nameTaken();
      throw e;
    }
  }
}
