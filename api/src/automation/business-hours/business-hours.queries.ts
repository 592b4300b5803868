import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { WeeklyHours } from '../../tenant/companies/company.entity';

/** Every statement of automation/business-hours (see src/common/tenancy/README.md). */

const COMPANY_SCHEDULES = 'select c.schedules from companies c where c.id = :companyId';

export const STATEMENTS: Statements = { companySchedules: COMPANY_SCHEDULES };

/** The company's weekly hours; undefined when the company is gone. */
export async function companySchedules(db: TenantSql): Promise<{ schedules: WeeklyHours[] | null } | undefined> {
  return (await db.execute<{ schedules: WeeklyHours[] | null }>(COMPANY_SCHEDULES))[0];
}
