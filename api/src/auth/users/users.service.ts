import { asCompanyId, type CompanyId } from '../../common/tenancy/company-id';
import { PERMISSION_RULES } from '../../common/access/permissions';
import { Injectable } from '@nestjs/common';
import { FilterQuery, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, FieldError, validationError } from '../../common/http/errors';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import { can, RequestContext } from '../../common/access/request-context';
import { forkForCompany, withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { connectionExists } from './users.queries';
import { SessionService } from '../session/session.service';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company } from '../../tenant/companies/company.entity';
import { CompanyError } from '../../tenant/companies/company.errors';
import { PlanLimitsService } from '../../tenant/plans/plan-limits.service';
import { SettingsService } from '../../tenant/settings/settings.service';
import { Queue } from '../../tenant/queues/queue.entity';
import { CreateUserDto, UpdateUserDto } from './dto/create-user.dto';
import { ListUsersDto, mapUserListItem, UserListItemDto, UserPageDto } from './dto/list-users.dto';
import { mapUser, UserDto } from './dto/user.dto';
import { RefreshToken } from '../session/refresh-token.entity';
import { User } from './user.entity';
import { assertEmailFree, emailTaken, hashPassword } from './company-admins';
import { UserError } from './users.errors';
import { isId } from '../../common/http/ids';
import type { BulkUsersDto } from './dto/bulk-users.dto';
import { bulkQueueIds, changedFields, endsSessions, refusedOnCreate, refusedOnUpdate } from './users.rules';

const EXTERNAL_ID_UNIQUE = 'users_company_id_external_id_unique';
const externalIdTaken = () =>
  new AppError(UserError.ERR_USER_EXTERNAL_ID_EXISTS, undefined, [{ field: 'externalId', messages: ['Another user of the company has this external id'] }]);

/** Users of the caller's company. Every query names `companyId` itself; the tenant filter is the net under it. */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly limits: PlanLimitsService,
    private readonly realtime: RealtimeService,
    private readonly sessions: SessionService,
  ) {}

  list(ctx: RequestContext, query: ListUsersDto): Promise<UserPageDto> {
    return this.page(ctx.companyId, query);
  }

  async listAll(ctx: RequestContext): Promise<UserListItemDto[]> {
    const users = await this.em.find(User, { companyId: ctx.companyId }, { populate: ['queues'], orderBy: { name: 'asc', id: 'asc' } });
    return users.map(mapUserListItem);
  }

  async get(ctx: RequestContext, id: number): Promise<UserDto> {
    return mapUser(await this.findOwned(ctx, id));
  }

  /** The users of another company, for a super user choosing whom to act as. Deliberately crosses companies. */
  async listForImpersonation(ctx: RequestContext, userId: number, query: ListUsersDto): Promise<UserPageDto> {
    if (!ctx.super) throw new AppError(UserError.ERR_NO_PERMISSION);
    const target = isId(userId)
      ? await this.em.findOne(User, { id: userId }, withoutTenantFilter('impersonation: a super user names a user of any company'))
      : null;
    if (!target) throw new AppError(UserError.ERR_NO_USER_FOUND);
    return this.page(target.companyId, query, forkForCompany(this.em, target.companyId));
  }

  /** The users of a company, for the companies tab's 'Acessar como' (super users). Deliberately crosses companies. */
  async listOfCompanyForImpersonation(ctx: RequestContext, companyId: number, query: ListUsersDto): Promise<UserPageDto> {
    if (!ctx.super) throw new AppError(UserError.ERR_NO_PERMISSION);
    // Company is not tenant-scoped (the tenant itself); its users are then read in a context forked for it.
    const company = isId(companyId) ? await this.em.findOne(Company, { id: asCompanyId(companyId) }) : null;
    if (!company) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
    return this.page(company.id, query, forkForCompany(this.em, company.id));
  }

  async create(ctx: RequestContext, dto: CreateUserDto): Promise<UserDto> {
    this.refuse(refusedOnCreate(dto, (p) => can(ctx, p)));
    if ((await this.settings.valueOf(ctx.companyId, 'userCreation')) === 'disabled') {
      throw new AppError(UserError.ERR_USER_CREATION_DISABLED);
    }
    const passwordHash = await hashPassword(dto.password);

    const user = await this.withEmailConflict(() =>
      this.em.transactional(async (em) => {
        // Serialises creations per company, so two at once cannot both pass the plan limit.
        await em.findOneOrFail(Company, { id: ctx.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const queues = await this.queuesOf(em, ctx, dto.queueIds ?? []);
        await this.assertOwnConnection(em, ctx, dto.whatsappId);
        await assertEmailFree(em, dto.email);
        await this.assertExternalIdFree(em, ctx, dto.externalId);
        await this.limits.assertCanAdd(ctx.companyId, 'users', await em.count(User, { companyId: ctx.companyId }));
        const created = em.create(User, {
          companyId: ctx.companyId,
          name: dto.name,
          email: dto.email,
          passwordHash,
          profile: dto.profile ?? 'user',
          whatsappId: dto.whatsappId ?? null,
          createTicket: dto.createTicket ?? 'habilitado',
          viewAllMessageTicket: dto.viewAllMessageTicket ?? 'desabilitado',
          automaticDistribution: dto.automaticDistribution ?? 'desabilitado',
          allTicket: dto.allTicket ?? 'disabled',
          externalId: dto.externalId ?? null,
        });
        created.queues.set(queues);
        await em.flush();
        return created;
      }),
    );
    const answer = mapUser(user);
    await this.sessions.emitUser('create', user);
    return answer;
  }

  /**
   * Anyone may change their own name, e-mail, password and allTicket; `users:write` may change them for others.
   * Profile-like fields need `user-modal:editProfile`, queues `user-modal:editQueues` (so a supervisor can
   * assign queues). A field sent unchanged is no change; a change the caller may not make is refused whole.
   * A new password or profile ends the user's sessions.
   */
  async update(ctx: RequestContext, id: number, dto: UpdateUserDto): Promise<UserDto> {
    const user = await this.findOwned(ctx, id);
    const self = user.id === ctx.userId;
    if (!self && !can(ctx, 'users:write') && !can(ctx, 'user-modal:editQueues')) throw new AppError(UserError.ERR_NO_PERMISSION);
    if (!self && user.super && !ctx.super) throw new AppError(UserError.ERR_NO_PERMISSION, 'Only a super user can change a super user');

    const changed = changedFields({ ...user, queueIds: user.queues.getItems().map((q) => q.id) }, dto);
    this.refuse(refusedOnUpdate(changed, self, (p) => can(ctx, p)));

    if (changed.profile && user.profile === 'admin') await this.assertAnotherAdmin(ctx, user.id);
    const queues = changed.queueIds ? await this.queuesOf(this.em, ctx, dto.queueIds!) : undefined;
    if (changed.whatsappId) await this.assertOwnConnection(this.em, ctx, dto.whatsappId);
    if (changed.email) await assertEmailFree(this.em, dto.email!, user.id);
    if (changed.externalId) await this.assertExternalIdFree(this.em, ctx, dto.externalId, user.id);
    const endSessions = endsSessions(changed);

    if (changed.name) user.name = dto.name!;
    if (changed.email) user.email = dto.email!;
    if (changed.password) user.passwordHash = await hashPassword(dto.password!);
    if (changed.allTicket) user.allTicket = dto.allTicket!;
    if (changed.profile) user.profile = dto.profile!;
    if (changed.whatsappId) user.whatsappId = dto.whatsappId ?? null;
    if (changed.createTicket) user.createTicket = dto.createTicket!;
    if (changed.viewAllMessageTicket) user.viewAllMessageTicket = dto.viewAllMessageTicket!;
    if (changed.automaticDistribution) user.automaticDistribution = dto.automaticDistribution!;
    if (changed.externalId) user.externalId = dto.externalId ?? null;
    if (queues) user.queues.set(queues);
    if (endSessions) user.tokenVersion += 1;

    await this.withEmailConflict(async () => {
      if (endSessions) await this.em.nativeUpdate(RefreshToken, { userId: user.id, revokedAt: null }, { revokedAt: new Date() });
      await this.em.flush();
    });
    // Embed sessions stand (they do not follow the token version); on a new profile their sockets close too, and
    // reconnect into the rooms of the new permissions.
    if (endSessions) await this.realtime.endSessions(user.id, user.tokenVersion, { embed: changed.profile });
    // Their open sockets now follow the tickets of the new queues (and stop receiving the old ones').
    else if (queues)
      await this.realtime.syncTicketRooms(
        ctx.companyId,
        user.id,
        PERMISSION_RULES['tickets-manager:showall'](user),
        queues.map((q) => q.id),
      );
    const answer = mapUser(user);
    await this.sessions.emitUser('update', user);
    return answer;
  }

  /** One user of a bulk change (POST /users/bulk): the same update, its queues computed from the user's current ones. */
  async bulkChange(ctx: RequestContext, id: number, dto: BulkUsersDto): Promise<UserDto> {
    if (dto.action === 'enableDistribution') return this.update(ctx, id, { automaticDistribution: 'habilitado' });
    if (dto.action === 'disableDistribution') return this.update(ctx, id, { automaticDistribution: 'desabilitado' });
    const given = dto.queueIds ?? [];
    if (dto.action === 'setQueues') return this.update(ctx, id, { queueIds: given });
    const current = (await this.findOwned(ctx, id)).queues.getItems().map((q) => q.id);
    return this.update(ctx, id, { queueIds: bulkQueueIds(dto.action, current, given) });
  }

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const user = await this.findOwned(ctx, id);
    if (user.id === ctx.userId) throw new AppError(UserError.ERR_CANNOT_DELETE_OWN_USER);
    if (user.super && !ctx.super) throw new AppError(UserError.ERR_NO_PERMISSION, 'Only a super user can delete a super user');
    if (user.profile === 'admin') await this.assertAnotherAdmin(ctx, user.id);
    await this.em.nativeDelete(User, { id: user.id, companyId: ctx.companyId });
    this.em.getUnitOfWork().unsetIdentity(user);
    this.realtime.emit(ctx.companyId, 'user', { action: 'delete', userId: id });
    // Its tokens already fail (the row is gone, its embed sessions with it); close its open sockets too, embed ones included.
    await this.realtime.endSessions(id, Number.MAX_SAFE_INTEGER, { embed: true });
  }

  /** A company never loses its last admin (nobody could then manage its users, queues or settings). */
  private async assertAnotherAdmin(ctx: RequestContext, exceptId: number): Promise<void> {
    const others = await this.em.count(User, { companyId: ctx.companyId, profile: 'admin', id: { $ne: exceptId } });
    if (!others) throw new AppError(UserError.ERR_LAST_ADMIN);
  }

  private async findOwned(ctx: RequestContext, id: number): Promise<User> {
    const user = isId(id) ? await this.em.findOne(User, { id, companyId: ctx.companyId }, { populate: ['queues'] }) : null;
    if (!user) throw new AppError(UserError.ERR_NO_USER_FOUND);
    return user;
  }

  private async page(companyId: CompanyId, query: ListUsersDto, em: EntityManager = this.em): Promise<UserPageDto> {
    const where: FilterQuery<User> = { companyId };
    const term = query.searchParam?.trim();
    if (term) where.$or = [{ name: { $ilike: likeTerm(term) } }, { email: { $ilike: likeTerm(term) } }];
    const { limit, offset } = pageWindow(query.pageNumber);
    const [users, count] = await em.findAndCount(User, where, {
      populate: ['queues'],
      strategy: 'select-in',
      orderBy: { name: 'asc', id: 'asc' },
      limit,
      offset,
    });
    return { users: users.map(mapUser), count, hasMore: hasMorePages(offset, users.length, count) };
  }

  /** The caller's company queues with these ids; any other id is a validation error on `queueIds`. */
  private async queuesOf(em: EntityManager, ctx: RequestContext, ids: number[]): Promise<Queue[]> {
    if (!ids.length) return [];
    const found = await em.find(Queue, { id: { $in: ids }, companyId: ctx.companyId });
    const unknown = ids.filter((id) => !found.some((q) => q.id === id));
    if (unknown.length) {
      const fields: FieldError[] = [{ field: 'queueIds', messages: [`Unknown queues: ${unknown.join(', ')}`] }];
      throw validationError(fields);
    }
    return found;
  }

  /**
   * The user's default connection must be one of the caller's company (400 on `whatsappId` otherwise, the answer an
   * unknown id gets). Connections belong to a higher module; the row is only named here, by id and company.
   */
  private async assertOwnConnection(em: EntityManager, ctx: RequestContext, whatsappId: number | null | undefined): Promise<void> {
    if (whatsappId === undefined || whatsappId === null) return;
    if (!(await connectionExists(tenantSql(em, ctx.companyId), whatsappId)))
      throw validationError([{ field: 'whatsappId', messages: [`Unknown connection: ${whatsappId}`] }]);
  }

  private async withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      // Two requests for one e-mail (or external id) at once: the unique index decides.
      if (e instanceof UniqueConstraintViolationException) throw e.message.includes(EXTERNAL_ID_UNIQUE) ? externalIdTaken() : emailTaken();
      throw e;
    }
  }

  /** An external id names one user of the company (embed sign-in by `externalId`). */
  private async assertExternalIdFree(em: EntityManager, ctx: RequestContext, externalId: string | null | undefined, exceptId?: number): Promise<void> {
    if (!externalId) return;
    const other = await em.findOne(User, { companyId: ctx.companyId, externalId }, { fields: ['id'] });
    if (other && other.id !== exceptId) throw externalIdTaken();
  }

  private refuse(fields: string[]): void {
    if (!fields.length) return;
    throw new AppError(
      UserError.ERR_NO_PERMISSION,
      `You may not change: ${fields.join(', ')}`,
      fields.map((field) => ({ field, messages: ['Not allowed for your profile'] })),
    );
  }
}
