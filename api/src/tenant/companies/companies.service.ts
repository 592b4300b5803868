import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable } from '@nestjs/common';
import { LockMode, ref, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { companyFolder, MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { AppError, CommonError, validationError } from '../../common/http/errors';
import { likeTerm, PAGE_SIZE, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company } from './company.entity';
import {
  BulkCompaniesDto,
  BulkCompaniesResultDto,
  BulkCompanyResultDto,
  CompanyDto,
  CompanyPageDto,
  SetDueDateDto,
  CreateCompanyDto,
  ListCompaniesQueryDto,
  mapCompany,
  UpdateCompanyDto,
  UpdateCompanySchedulesDto,
} from './dto/company.dto';
import { CompanyPlanDto, mapCompanyPlan } from '../plans/dto/plan.dto';
import { nextDueDate, repeatedWeekdays, todayIn } from './companies.rules';
import { Plan } from '../plans/plan.entity';
import { escapeLike } from '../plans/plans.service';
import { SettingsService } from '../settings/settings.service';
import { CompanyError } from './company.errors';
import { PlanError } from '../plans/plan.errors';
import { CompanyAdminProvisioner } from './company-admin.provisioner';
import { InvoicesService } from '../invoices/invoices.service';
import { asCompanyId } from '../../common/tenancy/company-id';

/** Maps the unique indexes a company write can hit to the codes the console translates. */
export function translateUniqueViolation(e: unknown): unknown {
  if (!(e instanceof UniqueConstraintViolationException)) return e;
  if (e.message.includes('companies_name_unique')) return new AppError(CompanyError.ERR_COMPANY_NAME_EXISTS);
  if (e.message.includes('users_email_unique')) return new AppError(CompanyError.ERR_EMAIL_ALREADY_REGISTERED);
  return e;
}

export async function assertCompanyNameFree(em: EntityManager, name: string, exceptId?: CompanyId): Promise<void> {
  const taken = await em.count(Company, { name: { $ilike: escapeLike(name) }, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (taken) {
    throw new AppError(CompanyError.ERR_COMPANY_NAME_EXISTS, undefined, [{ field: 'name', messages: ['A company with this name already exists'] }]);
  }
}

export async function loadPlan(em: EntityManager, planId: number): Promise<Plan> {
  const plan = await em.findOne(Plan, { id: planId });
  if (!plan) throw new AppError(PlanError.ERR_NO_PLAN_FOUND, undefined, [{ field: 'planId', messages: ['Plan not found'] }]);
  return plan;
}

/**
 * Company administration. Companies are not tenant rows; the super-user routes act on any company by design,
 * and touch other companies' users and settings with the tenant filter lifted explicitly.
 */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly realtime: RealtimeService,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    private readonly admins: CompanyAdminProvisioner,
    private readonly invoices: InvoicesService,
  ) {}

  async list(_ctx: RequestContext, query: ListCompaniesQueryDto): Promise<CompanyPageDto> {
    const term = query.searchParam?.trim();
    const where = term ? { $or: [{ name: { $ilike: likeTerm(term) } }, { email: { $ilike: likeTerm(term) } }] } : {};
    const { limit, offset } = pageWindow(query.pageNumber);
    const [companies, count] = await this.em.findAndCount(Company, where, { populate: ['plan'], orderBy: { name: 'asc', id: 'asc' }, limit, offset });
    return { companies: companies.map(mapCompany), count, hasMore: count > offset + PAGE_SIZE };
  }

  async listAll(_ctx: RequestContext): Promise<CompanyDto[]> {
    const companies = await this.em.find(Company, {}, { populate: ['plan'], orderBy: { name: 'asc', id: 'asc' } });
    return companies.map(mapCompany);
  }

  /** Super users read any company; everyone else only their own (same 403 whether the id exists or not). */
  async get(ctx: RequestContext, id: CompanyId): Promise<CompanyDto> {
    assertOwnOrSuper(ctx, id);
    return mapCompany(await this.load(id));
  }

  async getPlan(ctx: RequestContext, companyId: CompanyId): Promise<CompanyPlanDto> {
    assertOwnOrSuper(ctx, companyId);
    return mapCompanyPlan((await this.load(companyId)).plan.getEntity());
  }

  async create(_ctx: RequestContext, body: CreateCompanyDto): Promise<CompanyDto> {
    if (body.password && !body.email) {
      throw validationError([{ field: 'email', messages: ["Required: the e-mail is the admin user's login"] }]);
    }
    const passwordHash = body.password ? await this.admins.hashPassword(body.password) : undefined;
    const id = await this.em
      .transactional(async (em) => {
        const plan = await loadPlan(em, body.planId);
        await assertCompanyNameFree(em, body.name);
        if (passwordHash) await this.admins.assertEmailFree(em, body.email!);
        const company = em.create(Company, {
          name: body.name,
          email: body.email ?? null,
          phone: body.phone ?? null,
          status: body.status ?? true,
          dueDate: body.dueDate ?? null,
          recurrence: body.recurrence ?? 'MENSAL',
          campaignsEnabled: body.campaignsEnabled ?? false,
          plan,
        });
        await em.flush();
        if (company.campaignsEnabled) await this.settings.store(company.id, 'campaignsEnabled', 'true', em);
        if (passwordHash) await this.admins.create(em, company.id, { name: company.name, email: body.email!, passwordHash });
        return company.id;
      })
      .catch((e: unknown) => {
        throw translateUniqueViolation(e);
      });
    // Created overdue or inside the lead time: its invoice exists before anyone is asked to pay it.
    await this.invoices.issueDueFor(asCompanyId(id));
    return mapCompany(await this.load(id));
  }

  async update(_ctx: RequestContext, id: CompanyId, body: UpdateCompanyDto): Promise<CompanyDto> {
    await this.em
      .transactional(async (em) => {
        const company = await em.findOne(Company, { id });
        if (!company) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
        if (body.name != null && body.name !== company.name) await assertCompanyNameFree(em, body.name, id);
        if (body.planId != null) company.plan = ref(await loadPlan(em, body.planId));
        if (body.name != null) company.name = body.name;
        if (body.email !== undefined) company.email = body.email;
        if (body.phone !== undefined) company.phone = body.phone;
        if (body.status != null) company.status = body.status;
        if (body.dueDate !== undefined) company.dueDate = body.dueDate;
        if (body.recurrence != null) company.recurrence = body.recurrence;
        if (body.campaignsEnabled != null && body.campaignsEnabled !== company.campaignsEnabled) {
          company.campaignsEnabled = body.campaignsEnabled;
          await this.settings.store(id, 'campaignsEnabled', String(body.campaignsEnabled), em);
        }
        await em.flush();
      })
      .catch((e: unknown) => {
        throw translateUniqueViolation(e);
      });
    await this.invoices.issueDueFor(id);
    return this.answerChanged(id);
  }

  /** Cascades in the database to everything the company owns; its public files go too. */
  async remove(ctx: RequestContext, id: CompanyId): Promise<void> {
    if (id === ctx.companyId) throw new AppError(CompanyError.ERR_CANNOT_DELETE_OWN_COMPANY);
    const deleted = await this.em.nativeDelete(Company, { id });
    if (!deleted) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
    await this.store.removeAll(`public/${companyFolder(id)}/`);
  }

  /** The company's business hours (Horários tab): its own admin, or a super user for any company. */
  async updateSchedules(ctx: RequestContext, id: CompanyId, body: UpdateCompanySchedulesDto): Promise<CompanyDto> {
    assertOwnOrSuper(ctx, id);
    const repeated = repeatedWeekdays(body.schedules);
    if (repeated.length) {
      throw validationError([{ field: 'schedules', messages: [`Each weekday once; repeated: ${repeated.join(', ')}`] }]);
    }
    const company = await this.load(id);
    company.schedules = body.schedules.map((s) => ({ weekday: s.weekday, weekdayEn: s.weekdayEn, startTime: s.startTime, endTime: s.endTime }));
    await this.em.flush();
    return this.answerChanged(id);
  }

  /** '+ Vencimento': the due date moves one recurrence period forward. */
  async extendDueDate(_ctx: RequestContext, id: CompanyId): Promise<CompanyDto> {
    await this.em.transactional(async (em) => {
      // Locked so two quick clicks extend twice, never once.
      const company = await em.findOne(Company, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!company) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
      company.dueDate = nextDueDate(company.dueDate, company.recurrence, todayIn(company.timezone));
      await em.flush();
    });
    await this.invoices.issueDueFor(id);
    return this.answerChanged(id);
  }

  /**
   * Sets the due date (e.g. back, undoing '+ Vencimento'), only while it still is `expectedDueDate`: an undo never
   * overwrites a payment or another super user's change made meanwhile (409 ERR_DUE_DATE_CHANGED).
   */
  async setDueDate(_ctx: RequestContext, id: CompanyId, body: SetDueDateDto): Promise<CompanyDto> {
    await this.em.transactional(async (em) => {
      const company = await em.findOne(Company, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!company) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
      if ((company.dueDate ?? null) !== (body.expectedDueDate ?? null)) throw new AppError(CompanyError.ERR_DUE_DATE_CHANGED);
      company.dueDate = body.dueDate;
      await em.flush();
    });
    await this.invoices.issueDueFor(id);
    return this.answerChanged(id);
  }

  /** Bulk actions of the companies list: each id on its own (one failing never stops the others), each reported. */
  async bulk(ctx: RequestContext, body: BulkCompaniesDto): Promise<BulkCompaniesResultDto> {
    if (body.action === 'changePlan' && body.planId == null) {
      throw validationError([{ field: 'planId', messages: ['Required to change the plan'] }]);
    }
    if (body.action === 'changePlan') await loadPlan(this.em.fork(), body.planId!);
    const results: BulkCompanyResultDto[] = [];
    for (const raw of [...new Set(body.ids)]) {
      const id = asCompanyId(raw);
      try {
        const company = body.action === 'extendDueDate' ? await this.extendDueDate(ctx, id) : await this.update(ctx, id, { planId: body.planId! });
        results.push({ id: raw, ok: true, company });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        results.push({ id: raw, ok: false, error: e.def.code, message: (e.getResponse() as { message: string }).message });
      }
    }
    return { results, okCount: results.filter((r) => r.ok).length, failedCount: results.filter((r) => !r.ok).length };
  }

  private async load(id: CompanyId): Promise<Company> {
    const company = await this.em.findOne(Company, { id }, { populate: ['plan'], refresh: true });
    if (!company) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
    return company;
  }

  private async answerChanged(id: CompanyId): Promise<CompanyDto> {
    const dto = mapCompany(await this.load(id));
    this.realtime.emit(id, 'company', { action: 'update', company: dto });
    return dto;
  }
}

function assertOwnOrSuper(ctx: RequestContext, companyId: CompanyId): void {
  if (!ctx.super && ctx.companyId !== companyId) throw new AppError(CommonError.ERR_NO_PERMISSION);
}
