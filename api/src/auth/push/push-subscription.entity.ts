import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../users/user.entity';

/**
 * One browser's push subscription for one user. The endpoint is unique across the platform: a browser has one
 * subscription per application server key, and whoever subscribed with it last owns it (README "Push notifications").
 */
@Entity({ tableName: 'push_subscriptions' })
@TenantScoped()
@Index({ properties: ['companyId', 'userId'] })
export class PushSubscription {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id' })
  userId!: number;

  /** The browser's own id, kept in the kit's storage: lets the toggle turn push off on this browser only. */
  @Property({ type: 'string', length: 100 })
  browserId!: string;

  @Property({ type: 'text', unique: true })
  endpoint!: string;

  @Property({ type: 'string', length: 100 })
  p256dh!: string;

  @Property({ type: 'string', length: 50 })
  auth!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  userAgent?: string | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastSuccessAt?: Date | null;

  /** Failed deliveries in a row (5xx, time-outs); reset by a success. */
  @Property({ type: 'integer' })
  failures: Opt<number> = 0;
}
