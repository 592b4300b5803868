import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { CompanyError } from '../companies/company.errors';
import { PlanError } from './plan.errors';

export type PlanLimitedResource = 'users' | 'connections' | 'queues';

const LABELS: Record<PlanLimitedResource, string> = { users: 'users', connections: 'connections', queues: 'queues' };

/**
 * The plan's caps on users, connections and queues, for the modules that create them.
 * Callers count what the company has now (inside their own transaction when they need it exact) and ask before adding one.
 */
@Injectable()
export class PlanLimitsService {
  constructor(private readonly em: EntityManager) {}

  /** The plan's maximum for `resource`. */
  async limitOf(companyId: CompanyId, resource: PlanLimitedResource): Promise<number> {
    const company = await this.em.findOne(Company, { id: companyId }, { populate: ['plan'] });
    if (!company) throw new AppError(CompanyError.ERR_NO_COMPANY_FOUND);
    return company.plan.getEntity()[resource];
  }

  /** Throws 403 ERR_PLAN_LIMIT_REACHED when one more `resource` would exceed the company's plan. */
  async assertCanAdd(companyId: CompanyId, resource: PlanLimitedResource, currentCount: number): Promise<void> {
    const limit = await this.limitOf(companyId, resource);
    if (currentCount + 1 > limit) {
      throw new AppError(PlanError.ERR_PLAN_LIMIT_REACHED, `The company's plan allows at most ${limit} ${LABELS[resource]} (it has ${currentCount})`);
    }
  }
}
