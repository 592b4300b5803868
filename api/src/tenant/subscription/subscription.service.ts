import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { asCompanyId, type CompanyId } from '../../common/tenancy/company-id';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AppError, validationError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { forkForCompany, withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { RealtimeService } from '../../realtime/realtime.service';
import { Company } from '../companies/company.entity';
import { mapCompany } from '../companies/dto/company.dto';
import { dueDateAfterPayment, todayIn } from '../companies/companies.rules';
import { loadPlan } from '../companies/companies.service';
import { mapInvoice } from '../invoices/dto/invoice.dto';
import { invoiceDetail, invoiceValue } from '../invoices/invoices.rules';
import { Invoice } from '../invoices/invoice.entity';
import { Plan } from '../plans/plan.entity';
import { InvoiceError } from '../invoices/invoice.errors';
import { CheckoutDto, PixCheckoutDto } from './dto/checkout.dto';
import { PAYMENT_GATEWAY, type PaymentGateway, type PixPaymentNotice } from './gateways/payment-gateway';
import { PixCharge } from './pix-charge.entity';
import { SubscriptionError } from './subscription.errors';

/** A charge handed out again only while this much of its life is left. */
const REUSE_MARGIN_MS = 5 * 60_000;
const TXID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 32 letters and digits: a Pix txid (26 to 35 of them), unguessable. */
export function newTxid(): string {
  return [...randomBytes(32)].map((b) => TXID_ALPHABET[b % TXID_ALPHABET.length]).join('');
}

export type SettleOutcome = 'settled' | 'replayed' | 'unknown' | 'underpaid' | 'paid-twice';

function mapCharge(charge: PixCharge): PixCheckoutDto {
  return {
    invoiceId: charge.invoiceId,
    txid: charge.txid,
    gateway: charge.gateway as PixCheckoutDto['gateway'],
    qrcode: { qrcode: charge.pixCode, imagemQrcode: charge.qrImage ?? null },
    valor: { original: Number(charge.value).toFixed(2) },
    expiresAt: charge.expiresAt.toISOString(),
    status: charge.status,
  };
}

/**
 * The checkout and its settlement. The amount is the server's: the chosen plan's monthly value times the invoice's
 * months. A payment notice settles a charge once (locked, then found paid on replay): the invoice is paid, the
 * company's due date moves one period on (from the later of its due date and today), its plan becomes the one
 * paid for, and the company hears 'CONCLUIDA'.
 */
@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger('Subscription');

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get gatewayName(): string | null {
    return this.gateway?.name ?? null;
  }

  async checkout(ctx: RequestContext, dto: CheckoutDto): Promise<PixCheckoutDto> {
    const gateway = this.gateway;
    if (!gateway) throw new AppError(SubscriptionError.ERR_PAYMENT_GATEWAY_NOT_CONFIGURED);
    const invoice = await this.em.findOne(Invoice, { id: dto.invoiceId, companyId: ctx.companyId });
    if (!invoice || invoice.status === 'cancelled') throw new AppError(InvoiceError.ERR_INVOICE_NOT_FOUND);
    if (invoice.status !== 'open') throw new AppError(InvoiceError.ERR_INVOICE_NOT_OPEN);
    const company = await this.em.findOneOrFail(Company, { id: ctx.companyId });
    const plan = await loadPlan(this.em, dto.planId ?? invoice.planId ?? company.plan.id);
    const value = invoiceValue(plan.value, invoice.periodMonths);
    if (Number(value) <= 0) throw validationError([{ field: 'planId', messages: ['A free plan has nothing to pay'] }]);

    if (invoice.planId !== plan.id || Number(invoice.value) !== Number(value)) {
      // 'Personalizar' chose another plan: the open invoice is repriced from it, never from the client.
      invoice.planId = plan.id;
      invoice.value = value;
      invoice.detail = invoiceDetail(plan.name, invoice.periodMonths);
      await this.em.flush();
      this.realtime.emit(ctx.companyId, 'invoice', { action: 'update', invoice: mapInvoice(invoice) });
    }

    const reusable = await this.em.findOne(
      PixCharge,
      {
        companyId: ctx.companyId,
        invoiceId: invoice.id,
        planId: plan.id,
        gateway: gateway.name,
        status: 'pending',
        expiresAt: { $gt: new Date(Date.now() + REUSE_MARGIN_MS) },
      },
      { orderBy: { id: 'desc' } },
    );
    if (reusable && Number(reusable.value) === Number(value)) return mapCharge(reusable);

    const txid = newTxid();
    const payerName = [dto.firstName, dto.lastName].filter(Boolean).join(' ');
    let opened;
    try {
      opened = await gateway.openCharge({
        txid,
        value,
        expiresInSeconds: this.config.billing.chargeTtlSeconds,
        description: `Fatura #${invoice.id} · ${invoice.detail}`,
        payerName,
      });
    } catch (e) {
      this.logger.error(`Opening a Pix charge for invoice ${invoice.id} failed: ${(e as Error).message}`);
      throw new AppError(SubscriptionError.ERR_PAYMENT_GATEWAY_FAILED);
    }
    const charge = this.em.create(PixCharge, {
      companyId: ctx.companyId,
      invoiceId: invoice.id,
      planId: plan.id,
      gateway: gateway.name,
      txid,
      value,
      pixCode: opened.pixCode,
      qrImage: opened.qrImage,
      expiresAt: opened.expiresAt,
      // A Pix charge needs the payer's name only: no postal address is asked for or kept.
      payer: { firstName: dto.firstName, ...(dto.lastName ? { lastName: dto.lastName } : {}) },
    });
    await this.em.flush();
    return mapCharge(charge);
  }

  /** The sandbox's bank: pays a pending charge of the caller's company, through the same settlement as a real notice. */
  async payInSandbox(ctx: RequestContext, txid: string): Promise<PixCheckoutDto> {
    if (this.gateway?.name !== 'sandbox') throw new AppError(SubscriptionError.ERR_PAYMENT_GATEWAY_NOT_CONFIGURED);
    const charge = await this.em.findOne(PixCharge, { txid, companyId: ctx.companyId });
    if (!charge) throw new AppError(SubscriptionError.ERR_CHARGE_NOT_FOUND);
    if (charge.status !== 'pending' || charge.expiresAt.getTime() <= Date.now()) throw new AppError(SubscriptionError.ERR_CHARGE_NOT_PENDING);
    const endToEndId = `E00000000${newTxid().slice(0, 23)}`;
    await this.settle({ txid, value: charge.value, endToEndId, paidAt: new Date() }, 'sandbox');
    const paid = await this.em.fork().findOneOrFail(PixCharge, { id: charge.id, companyId: ctx.companyId });
    return mapCharge(paid);
  }

  /** The webhook's shared secret, compared in constant time (digests, so lengths never leak). */
  verifySecret(presented: unknown): void {
    const expected = this.config.billing.webhookSecret;
    const ok =
      typeof expected === 'string' &&
      expected.length > 0 &&
      typeof presented === 'string' &&
      timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(expected).digest());
    if (!ok) throw new AppError(SubscriptionError.ERR_WEBHOOK_SIGNATURE);
  }

  /** Efí's POST {webhookUrl}/pix body. Entries that are not payments of ours are logged and skipped. */
  async handleEfiNotice(body: unknown): Promise<SettleOutcome[]> {
    const entries = (body as { pix?: unknown } | null)?.pix;
    if (!Array.isArray(entries)) return []; // Efí's registration test ('teste_webhook') and anything without payments.
    const outcomes: SettleOutcome[] = [];
    for (const entry of entries as Record<string, unknown>[]) {
      const txid = typeof entry?.txid === 'string' ? entry.txid : '';
      const value = typeof entry?.valor === 'string' ? entry.valor : '';
      const endToEndId = typeof entry?.endToEndId === 'string' ? entry.endToEndId : '';
      if (!txid || !/^\d+(\.\d{1,2})?$/.test(value) || !endToEndId) {
        this.logger.warn('Efí notice entry without txid, valor or endToEndId: skipped');
        continue;
      }
      const paidAt = typeof entry.horario === 'string' && !Number.isNaN(Date.parse(entry.horario)) ? new Date(entry.horario) : new Date();
      outcomes.push(await this.settle({ txid, value, endToEndId: endToEndId.slice(0, 64), paidAt }, 'efi'));
    }
    return outcomes;
  }

  /** Settles one payment notice, once. */
  async settle(notice: PixPaymentNotice, gatewayName: string): Promise<SettleOutcome> {
    const found = await this.em
      .fork()
      .findOne(
        PixCharge,
        { txid: notice.txid, gateway: gatewayName },
        withoutTenantFilter('payment notice: the gateway names the charge by txid, before any company is known'),
      );
    if (!found) {
      this.logger.warn(`Payment notice for an unknown charge (${gatewayName}) ignored`);
      return 'unknown';
    }
    const companyId: CompanyId = asCompanyId(found.companyId);
    const em = forkForCompany(this.em.fork(), companyId);
    const result = await em.transactional(async (tx) => {
      const charge = await tx.findOneOrFail(PixCharge, { id: found.id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (charge.status === 'paid') return { outcome: 'replayed' as const };
      if (Math.round(Number(notice.value) * 100) < Math.round(Number(charge.value) * 100)) {
        this.logger.warn(`Charge ${charge.id} of company ${companyId} paid ${notice.value} of ${charge.value}: not settled`);
        return { outcome: 'underpaid' as const };
      }
      charge.status = 'paid';
      charge.paidAt = notice.paidAt;
      charge.endToEndId = notice.endToEndId;
      const invoice = await tx.findOneOrFail(Invoice, { id: charge.invoiceId, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (invoice.status === 'paid') {
        this.logger.error(`Invoice ${invoice.id} of company ${companyId} was paid twice (charge ${charge.id}): refund the payer`);
        return { outcome: 'paid-twice' as const };
      }
      invoice.status = 'paid';
      invoice.paidAt = notice.paidAt;
      const company = await tx.findOneOrFail(Company, { id: companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      company.dueDate = dueDateAfterPayment(company.dueDate, todayIn(company.timezone), invoice.periodMonths);
      if (charge.planId && charge.planId !== company.plan.id) company.plan = tx.getReference(Plan, charge.planId, { wrapped: true });
      company.trialExpiration = null;
      return { outcome: 'settled' as const, invoice };
    });
    if (result.outcome !== 'settled') return result.outcome;
    const company = await this.em.fork().findOneOrFail(Company, { id: companyId }, { populate: ['plan'] });
    const companyDto = mapCompany(company);
    const invoiceDto = mapInvoice(result.invoice);
    this.logger.log(`Invoice ${invoiceDto.id} of company ${companyId} paid by Pix (${gatewayName}); due date now ${companyDto.dueDate}`);
    this.realtime.emit(companyId, 'invoice', { action: 'update', invoice: invoiceDto });
    this.realtime.emit(companyId, 'company', { action: 'update', company: companyDto });
    this.realtime.emit(companyId, 'payment', { action: 'CONCLUIDA', invoice: invoiceDto, company: companyDto });
    return 'settled';
  }
}
