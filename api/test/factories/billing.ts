import type { TestApp } from '../harness';
import { Company } from '../../src/tenant/companies/company.entity';
import { addDays, todayIn } from '../../src/tenant/companies/companies.rules';
import { Invoice } from '../../src/tenant/invoices/invoice.entity';
import { InvoicesService } from '../../src/tenant/invoices/invoices.service';
import { createTenant } from './tenant';

/** Billing's set-up, shared by billing.e2e-spec.ts and billing-gateways.e2e-spec.ts. */
export type Tenant = Awaited<ReturnType<typeof createTenant>>;
export const today = () => todayIn('America/Sao_Paulo');
/** The checkout's Dados step. */
export const payer = { firstName: 'Maria', lastName: 'Silva', address2: 'Rua A, 10', city: 'Recife', state: 'PE', zipcode: '50000-000', country: 'BR' };

/** A tenant whose due date is `inDays` away, on a plan of `value` a month, invoiced by the job. */
export async function invoicedTenant(t: TestApp, value = '49.90', inDays = 3, recurrence: Company['recurrence'] = 'MENSAL') {
  const a = await createTenant(t, { value });
  await t.orm.em.fork().nativeUpdate(Company, { id: a.company.id }, { dueDate: addDays(today(), inDays), recurrence });
  const company = await t.orm.em.fork().findOneOrFail(Company, { id: a.company.id }, { populate: ['plan'] });
  await t.app.get(InvoicesService).issueFor(company, company.plan.getEntity());
  const invoice = await t.orm.em.fork().findOneOrFail(Invoice, { companyId: a.company.id }, { filters: false });
  return { ...a, invoice };
}

export const dbCompany = (t: TestApp, id: number) => t.orm.em.fork().findOneOrFail(Company, { id: id as never }, { populate: ['plan'] });
export const dbInvoice = (t: TestApp, id: number) => t.orm.em.fork().findOneOrFail(Invoice, { id }, { filters: false });
