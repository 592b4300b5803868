import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../companies/company.entity';
import { Invoice } from '../invoices/invoice.entity';
import { Plan } from '../plans/plan.entity';

export const CHARGE_STATUSES = ['pending', 'paid', 'expired'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * Who pays, from the checkout's 'Dados' step (kept with the charge; never card data). A Pix charge needs no postal
 * address: charges opened before it was dropped from the checkout may still carry one.
 */
export interface ChargePayer {
  firstName: string;
  lastName?: string;
  address2?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  country?: string;
}

/**
 * One Pix charge of an invoice at a gateway. `txid` is ours (sent to the gateway), unique; a charge still pending
 * and unexpired is handed out again instead of opening another. Paid once: the webhook's replay finds it paid.
 */
@Entity({ tableName: 'pix_charges' })
@Index({ properties: ['companyId', 'invoiceId'] })
@TenantScoped()
export class PixCharge {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => Invoice, { mapToPk: true, deleteRule: 'cascade', fieldName: 'invoice_id' })
  invoiceId!: number;

  /** The plan the company moves to once paid. */
  @ManyToOne(() => Plan, { mapToPk: true, deleteRule: 'set null', nullable: true, fieldName: 'plan_id' })
  planId?: number | null;

  @Property({ type: 'string', length: 20 })
  gateway!: string;

  @Property({ type: 'string', length: 35, unique: true })
  txid!: string;

  @Property({ type: 'decimal', precision: 10, scale: 2 })
  value!: string;

  /** The Pix 'copia e cola' (BR Code) payload. */
  @Property({ type: 'text' })
  pixCode!: string;

  /** A PNG data URL of the QR code when the gateway gives one. */
  @Property({ type: 'text', nullable: true })
  qrImage?: string | null;

  @Property({ type: 'string', length: 10 })
  status: Opt<ChargeStatus> = 'pending';

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  paidAt?: Date | null;

  /** The Pix end-to-end id of the payment, from the gateway's notice. */
  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  endToEndId?: string | null;

  @Property({ type: 'json' })
  payer!: ChargePayer;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
