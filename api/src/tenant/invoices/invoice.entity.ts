import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../companies/company.entity';
import { Plan } from '../plans/plan.entity';

/** Stored status: 'open' until paid. The screen's 'Vencido' is open with a due date before today (not stored). */
export const INVOICE_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What a company owes for one period of its plan: issued by the billing job ahead of the company's due date,
 * priced by the server from the plan (monthly value times the recurrence's months), paid by Pix.
 * One live invoice per company and due date (a partial unique index), so the job can run anywhere, any number of times.
 */
@Entity({ tableName: 'invoices' })
@Index({ properties: ['companyId', 'dueDate'] })
@Index({
  name: 'invoices_live_per_due_date',
  expression: `create unique index "invoices_live_per_due_date" on "invoices" ("company_id", "due_date") where "status" <> 'cancelled'`,
})
@TenantScoped()
export class Invoice {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  /** The plan priced; changed by the checkout's 'Personalizar' step while the invoice is open. */
  @ManyToOne(() => Plan, { mapToPk: true, deleteRule: 'set null', nullable: true, fieldName: 'plan_id' })
  planId?: number | null;

  @Property({ type: 'string', length: 255 })
  detail!: string;

  /** BRL; numeric(10,2), a string from pg. */
  @Property({ type: 'decimal', precision: 10, scale: 2 })
  value!: string;

  /** The period's months (the company's recurrence when issued). */
  @Property({ type: 'integer' })
  periodMonths: Opt<number> = 1;

  @Property({ type: 'date' })
  dueDate!: string;

  @Property({ type: 'string', length: 10 })
  status: Opt<InvoiceStatus> = 'open';

  @Property({ type: 'datetime', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
