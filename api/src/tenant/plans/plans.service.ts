import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { Company } from '../companies/company.entity';
import { CreatePlanDto, mapPlan, PlanDto, UpdatePlanDto } from './dto/plan.dto';
import { Plan } from './plan.entity';
import { PlanError } from './plan.errors';

/** Plans are platform-wide (not tenant rows); writes are for super users, enforced by the routes' permission. */
@Injectable()
export class PlansService {
  constructor(private readonly em: EntityManager) {}

  /** For the public sign-up page: no credentials, so no `ctx`. */
  async listPublic(): Promise<PlanDto[]> {
    const plans = await this.em.find(Plan, {}, { orderBy: { value: 'asc', id: 'asc' } });
    return plans.map(mapPlan);
  }

  async list(_ctx: RequestContext): Promise<PlanDto[]> {
    const plans = await this.em.find(Plan, {}, { orderBy: { id: 'asc' } });
    return plans.map(mapPlan);
  }

  async get(_ctx: RequestContext, id: number): Promise<PlanDto> {
    return mapPlan(await this.load(id));
  }

  async create(_ctx: RequestContext, body: CreatePlanDto): Promise<PlanDto> {
    await this.assertNameFree(body.name);
    const plan = this.em.create(Plan, toColumns(body) as Plan);
    await this.flush();
    return mapPlan(plan);
  }

  async update(_ctx: RequestContext, id: number, body: UpdatePlanDto): Promise<PlanDto> {
    const plan = await this.load(id);
    // A null field is one not sent (toColumns drops it), the name included.
    if (body.name !== undefined && body.name !== null) await this.assertNameFree(body.name, id);
    this.em.assign(plan, toColumns(body));
    await this.flush();
    return mapPlan(plan);
  }

  async remove(_ctx: RequestContext, id: number): Promise<void> {
    const plan = await this.load(id);
    const users = await this.em.count(Company, { plan: id });
    if (users > 0) throw new AppError(PlanError.ERR_PLAN_IN_USE, `The plan is used by ${users} compan${users === 1 ? 'y' : 'ies'}`);
    this.em.remove(plan);
    await this.flush();
  }

  private async load(id: number): Promise<Plan> {
    const plan = await this.em.findOne(Plan, { id });
    if (!plan) throw new AppError(PlanError.ERR_NO_PLAN_FOUND);
    return plan;
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const taken = await this.em.count(Plan, { name: { $ilike: escapeLike(name) }, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
    if (taken) throw new AppError(PlanError.ERR_PLAN_NAME_EXISTS, undefined, [{ field: 'name', messages: ['A plan with this name already exists'] }]);
  }

  /** The unique index still decides between two simultaneous requests. */
  private async flush(): Promise<void> {
    try {
      await this.em.flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw new AppError(PlanError.ERR_PLAN_NAME_EXISTS);
      throw e;
    }
  }
}

/** Only the fields that were sent; the price is stored as numeric text with 2 decimals. */
function toColumns(body: UpdatePlanDto): Partial<Plan> {
  const { value, ...rest } = body;
  const out: Partial<Plan> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  if (value !== undefined && value !== null) out.value = value.toFixed(2);
  return out;
}

/** An exact, case-insensitive match through ILIKE: the pattern's wildcards are escaped. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
