import { Inject, Injectable, Logger } from '@nestjs/common';
import { FilterQuery, QueryOrder, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { asCompanyId, type CompanyId } from '../../common/tenancy/company-id';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError } from '../../common/http/errors';
import { isId } from '../../common/http/ids';
import { PageQueryDto } from '../../common/http/pagination';
import { hasMorePages, likeTerm, pageWindow } from '../../common/http/pagination.rules';
import type { RequestContext } from '../../common/access/request-context';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company } from '../companies/company.entity';
import { addDays, invoiceDueNow, todayIn } from '../companies/companies.rules';
import { Plan } from '../plans/plan.entity';
import { InvoiceDto, InvoicePageDto, mapInvoice } from './dto/invoice.dto';
import { invoiceDetail, invoiceValue, periodMonths } from './invoices.rules';
import { Invoice } from './invoice.entity';
import { InvoiceError } from './invoice.errors';

/**
 * A company's invoices ('Faturas'), and their issuing: ahead of each company's due date the billing job issues one
 * invoice for the coming period, priced from the plan. Never an amount from a client.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger('Invoices');

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Newest due date first; `searchParam` matches the detail or the id. The first page first makes sure the invoice
   * now due exists (a safety net behind the issuing on each due-date change and the hourly job): a company held to
   * paying always finds what it is asked to pay.
   */
  async list(ctx: RequestContext, query: PageQueryDto): Promise<InvoicePageDto> {
    if (!query.pageNumber || Number(query.pageNumber) <= 1) await this.issueDueFor(ctx.companyId);
    const term = query.searchParam?.trim();
    const asId = term && /^\d{1,9}$/.test(term) ? Number(term) : null;
    const where: FilterQuery<Invoice> = {
      companyId: ctx.companyId,
      status: { $ne: 'cancelled' },
      ...(term ? { $or: [{ detail: { $ilike: likeTerm(term) } }, ...(asId ? [{ id: asId }] : [])] } : {}),
    };
    const { limit, offset } = pageWindow(query.pageNumber);
    const [rows, count] = await this.em.findAndCount(Invoice, where, { orderBy: { dueDate: QueryOrder.DESC, id: QueryOrder.DESC }, limit, offset });
    return { invoices: rows.map(mapInvoice), count, hasMore: hasMorePages(offset, rows.length, count) };
  }

  async get(ctx: RequestContext, id: number): Promise<InvoiceDto> {
    const row = isId(id) ? await this.em.findOne(Invoice, { id, companyId: ctx.companyId }) : null;
    if (!row) throw new AppError(InvoiceError.ERR_INVOICE_NOT_FOUND);
    return mapInvoice(row);
  }

  /**
   * Issues the invoices now due: for every active company with a due date within `invoiceLeadDays` (in its own
   * time zone) and a plan with a price, one invoice for that due date unless one lives already. Safe to run
   * anywhere and again: a partial unique index keeps one live invoice per company and due date.
   * Returns how many were issued.
   */
  async issueDue(now = new Date()): Promise<number> {
    const em = this.em.fork();
    const horizon = addDays(now.toISOString().slice(0, 10), this.config.billing.invoiceLeadDays + 1);
    const companies = await em.find(Company, { status: true, dueDate: { $ne: null, $lte: horizon } }, { populate: ['plan'], orderBy: { id: 'asc' } });
    let issued = 0;
    for (const company of companies) {
      const plan = company.plan.getEntity();
      if (!invoiceDueNow(company.dueDate, plan.value, todayIn(company.timezone, now), this.config.billing.invoiceLeadDays)) continue;
      if (await this.issueFor(company, plan)) issued++;
    }
    return issued;
  }

  /**
   * The invoice of one company if its due date is within the lead days (or passed): called whenever a due date or
   * plan is set (sign-up, a company created or changed, '+ Vencimento', bulk actions) and on reading the invoices.
   */
  async issueDueFor(companyId: CompanyId, now = new Date()): Promise<boolean> {
    const company = await this.em.fork().findOne(Company, { id: companyId, status: true }, { populate: ['plan'] });
    if (!company || !invoiceDueNow(company.dueDate, company.plan.getEntity().value, todayIn(company.timezone, now), this.config.billing.invoiceLeadDays)) {
      return false;
    }
    return this.issueFor(company, company.plan.getEntity());
  }

  /** One company's invoice for its current due date; false when it already exists. */
  async issueFor(company: Company, plan: Plan): Promise<boolean> {
    const companyId = asCompanyId(company.id);
    const em = forkForCompany(this.em.fork(), companyId);
    const dueDate = company.dueDate!;
    if (await em.count(Invoice, { companyId, dueDate, status: { $ne: 'cancelled' } })) return false;
    const months = periodMonths(company.recurrence);
    const invoice = em.create(Invoice, {
      companyId,
      planId: plan.id,
      detail: invoiceDetail(plan.name, months),
      value: invoiceValue(plan.value, months),
      periodMonths: months,
      dueDate,
    });
    try {
      await em.flush();
    } catch (e) {
      // Another process issued it between the count and the insert.
      if (e instanceof UniqueConstraintViolationException) return false;
      throw e;
    }
    this.logger.log(`Invoice ${invoice.id} issued to company ${companyId}: ${invoice.value} due ${dueDate}`);
    this.realtime.emit(companyId, 'invoice', { action: 'create', invoice: mapInvoice(invoice) });
    return true;
  }
}
