import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CompaniesService } from './companies.service';
import {
  BulkCompaniesDto,
  BulkCompaniesResultDto,
  CompanyDto,
  CompanyPageDto,
  CreateCompanyDto,
  ListCompaniesQueryDto,
  SetDueDateDto,
  UpdateCompanyDto,
  UpdateCompanySchedulesDto,
} from './dto/company.dto';
import { CompanyPlanDto } from '../plans/dto/plan.dto';
import { CompanyError } from './company.errors';
import { PlanError } from '../plans/plan.errors';
import { IdPipe } from '../../common/http/ids';
import { asCompanyId } from '../../common/tenancy/company-id';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_VALIDATION } = CommonError;
const { ERR_NO_COMPANY_FOUND, ERR_COMPANY_NAME_EXISTS, ERR_EMAIL_ALREADY_REGISTERED, ERR_DUE_DATE_CHANGED } = CompanyError;
const { ERR_NO_PLAN_FOUND } = PlanError;

@ApiTags('companies')
@Audit({ target: 'company', scope: 'platform' })
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @Endpoint({
    summary: 'List companies, 20 a page',
    description: 'searchParam matches name or e-mail.',
    permission: 'companies:manage',
    ok: CompanyPageDto,
    errors: [ERR_VALIDATION],
  })
  listCompanies(@Ctx() ctx: RequestContext, @Query() query: ListCompaniesQueryDto): Promise<CompanyPageDto> {
    return this.companies.list(ctx, query);
  }

  @Get('list')
  @Endpoint({ summary: 'All companies, by name', permission: 'companies:manage', ok: [CompanyDto] })
  listAllCompanies(@Ctx() ctx: RequestContext): Promise<CompanyDto[]> {
    return this.companies.listAll(ctx);
  }

  @Get('listPlan/:companyId')
  @Endpoint({
    summary: "A company's plan and its flags",
    description:
      "Anyone signed in may ask for their own company; only super users for another one. The plan's fields come twice: at the top and under `plan` (where clients of the original system read them).",
    permission: 'company:read-own',
    whenExpired: true,
    ok: CompanyPlanDto,
    errors: [ERR_NO_COMPANY_FOUND],
  })
  getCompanyPlan(@Ctx() ctx: RequestContext, @Param('companyId', IdPipe) companyId: number): Promise<CompanyPlanDto> {
    return this.companies.getPlan(ctx, asCompanyId(companyId));
  }

  @Get(':id')
  @Endpoint({
    summary: 'One company',
    description: 'Anyone signed in may read their own company (e.g. its business hours); only super users another one.',
    permission: 'company:read-own',
    whenExpired: true,
    ok: CompanyDto,
    errors: [ERR_NO_COMPANY_FOUND],
  })
  getCompany(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<CompanyDto> {
    return this.companies.get(ctx, asCompanyId(id));
  }

  @Post()
  @Endpoint({
    summary: 'Create a company',
    description: "With `password`, the company's admin user is created too (login: `email`).",
    permission: 'companies:manage',
    status: 201,
    ok: CompanyDto,
    errors: [ERR_VALIDATION, ERR_NO_PLAN_FOUND, ERR_COMPANY_NAME_EXISTS, ERR_EMAIL_ALREADY_REGISTERED],
  })
  createCompany(@Ctx() ctx: RequestContext, @Body() body: CreateCompanyDto): Promise<CompanyDto> {
    return this.companies.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a company',
    description: 'Only the fields sent change. Changing campaignsEnabled also changes the setting of that name.',
    permission: 'companies:manage',
    ok: CompanyDto,
    errors: [ERR_VALIDATION, ERR_NO_COMPANY_FOUND, ERR_NO_PLAN_FOUND, ERR_COMPANY_NAME_EXISTS],
  })
  updateCompany(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateCompanyDto): Promise<CompanyDto> {
    return this.companies.update(ctx, asCompanyId(id), body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a company and everything it owns',
    permission: 'companies:manage',
    status: 204,
    errors: [ERR_NO_COMPANY_FOUND, CompanyError.ERR_CANNOT_DELETE_OWN_COMPANY],
  })
  deleteCompany(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.companies.remove(ctx, asCompanyId(id));
  }

  @Put(':id/schedules')
  @Endpoint({
    summary: "Set a company's business hours",
    description:
      "The settings page's Horários tab: a company admin sets their own company's hours; super users any company's. " +
      'Each weekday at most once; times are HH:MM.',
    permission: 'settings:write',
    ok: CompanyDto,
    errors: [ERR_VALIDATION, ERR_NO_COMPANY_FOUND],
  })
  updateCompanySchedules(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdateCompanySchedulesDto): Promise<CompanyDto> {
    return this.companies.updateSchedules(ctx, asCompanyId(id), body);
  }

  @Post(':id/extend-due-date')
  @Endpoint({
    summary: "'+ Vencimento': move the due date one recurrence period forward",
    description: 'MENSAL 1 month, BIMESTRAL 2, TRIMESTRAL 3, SEMESTRAL 6, ANUAL 12; from the current due date, or from today when there is none.',
    permission: 'companies:manage',
    status: 200,
    ok: CompanyDto,
    errors: [ERR_NO_COMPANY_FOUND],
  })
  extendCompanyDueDate(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<CompanyDto> {
    return this.companies.extendDueDate(ctx, asCompanyId(id));
  }

  @Put(':id/due-date')
  @Endpoint({
    summary: "Set a company's due date, if it is still the one seen (the undo of '+ Vencimento')",
    description:
      "Sets `dueDate` only while the company's due date is `expectedDueDate` (null: none), else 409 ERR_DUE_DATE_CHANGED, so an undo never " +
      'overwrites a payment or another change made meanwhile. An invoice now due is issued at once.',
    permission: 'companies:manage',
    ok: CompanyDto,
    errors: [ERR_VALIDATION, ERR_NO_COMPANY_FOUND, ERR_DUE_DATE_CHANGED],
  })
  setCompanyDueDate(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: SetDueDateDto): Promise<CompanyDto> {
    return this.companies.setDueDate(ctx, asCompanyId(id), body);
  }

  @Post('bulk')
  @Endpoint({
    summary: 'A bulk action on companies: change the plan or extend the due date of many',
    description:
      "Each id is handled on its own ('extendDueDate' is '+ Vencimento'; 'changePlan' needs `planId`) and reported in `results`: " +
      'an unknown id fails alone (ERR_NO_COMPANY_FOUND) and never stops the others. At most 100 ids.',
    permission: 'companies:manage',
    status: 200,
    ok: BulkCompaniesResultDto,
    errors: [ERR_VALIDATION, ERR_NO_PLAN_FOUND],
  })
  bulkCompanies(@Ctx() ctx: RequestContext, @Body() body: BulkCompaniesDto): Promise<BulkCompaniesResultDto> {
    return this.companies.bulk(ctx, body);
  }
}
