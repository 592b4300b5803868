import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { CreatePlanDto, PlanDto, UpdatePlanDto } from './dto/plan.dto';
import { PlansService } from './plans.service';
import { PlanError } from './plan.errors';
import { IdPipe } from '../../common/http/ids';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_NO_PLAN_FOUND, ERR_PLAN_NAME_EXISTS, ERR_PLAN_IN_USE } = PlanError;

@ApiTags('plans')
@Audit({ target: 'plan', scope: 'platform' })
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get('list')
  @Endpoint({ summary: 'Plans for the sign-up page', description: 'Cheapest first.', public: true, ok: [PlanDto] })
  listPublicPlans(): Promise<PlanDto[]> {
    return this.plans.listPublic();
  }

  @Get('all')
  @Endpoint({ summary: 'All plans', permission: 'plans:read', ok: [PlanDto] })
  listPlans(@Ctx() ctx: RequestContext): Promise<PlanDto[]> {
    return this.plans.list(ctx);
  }

  @Get(':id')
  @Endpoint({ summary: 'One plan', permission: 'plans:read', ok: PlanDto, errors: [ERR_NO_PLAN_FOUND] })
  getPlan(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<PlanDto> {
    return this.plans.get(ctx, id);
  }

  @Post()
  @Endpoint({
    summary: 'Create a plan',
    permission: 'plans:manage',
    status: 201,
    ok: PlanDto,
    errors: [CommonError.ERR_VALIDATION, ERR_PLAN_NAME_EXISTS],
  })
  createPlan(@Ctx() ctx: RequestContext, @Body() body: CreatePlanDto): Promise<PlanDto> {
    return this.plans.create(ctx, body);
  }

  @Put(':id')
  @Endpoint({
    summary: 'Update a plan',
    description: 'Only the fields sent change.',
    permission: 'plans:manage',
    ok: PlanDto,
    errors: [CommonError.ERR_VALIDATION, ERR_NO_PLAN_FOUND, ERR_PLAN_NAME_EXISTS],
  })
  updatePlan(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number, @Body() body: UpdatePlanDto): Promise<PlanDto> {
    return this.plans.update(ctx, id, body);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Delete a plan no company uses',
    permission: 'plans:manage',
    status: 204,
    errors: [ERR_NO_PLAN_FOUND, ERR_PLAN_IN_USE],
  })
  deletePlan(@Ctx() ctx: RequestContext, @Param('id', IdPipe) id: number): Promise<void> {
    return this.plans.remove(ctx, id);
  }
}
