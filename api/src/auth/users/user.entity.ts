import type { CompanyId } from '../../common/tenancy/company-id';
import { Collection, Entity, Index, ManyToMany, ManyToOne, PrimaryKey, Property, Opt, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Queue } from '../../tenant/queues/queue.entity';

import { PROFILES, type Profile } from '../../common/access/vocabulary';

export { PROFILES, type Profile };
export const TOGGLE_VALUES = ['habilitado', 'desabilitado'] as const;
export type Toggle = (typeof TOGGLE_VALUES)[number];

@Entity({ tableName: 'users' })
@TenantScoped()
@Unique({ name: 'users_company_id_external_id_unique', properties: ['companyId', 'externalId'] })
export class User {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  @Index()
  companyId!: CompanyId;

  @Property({ type: 'string', length: 50 })
  name!: string;

  /** Stored lower-cased; unique across companies because login is by e-mail alone. */
  @Property({ type: 'string', length: 255, unique: true })
  email!: string;

  @Property({ type: 'string', length: 100, hidden: true, lazy: true })
  passwordHash!: string;

  /**
   * The partner's own id for this user (an embed key's tokens may name the user by it instead of the e-mail);
   * unique within the company, null for none.
   */
  @Property({ type: 'string', length: 255, nullable: true })
  externalId?: string | null;

  @Property({ type: 'string', length: 20 })
  profile: Opt<Profile> = 'user';

  @Property({ type: 'boolean' })
  super: Opt<boolean> = false;

  /** Default connection id; the connection entity arrives with the connection module. */
  @Property({ type: 'integer', nullable: true })
  whatsappId?: number | null;

  @Property({ type: 'string', length: 12 })
  createTicket: Opt<Toggle> = 'habilitado';

  @Property({ type: 'string', length: 12 })
  viewAllMessageTicket: Opt<Toggle> = 'desabilitado';

  @Property({ type: 'string', length: 12 })
  automaticDistribution: Opt<Toggle> = 'desabilitado';

  /** 'enabled' lets the user be notified of every ticket. */
  @Property({ type: 'string', length: 10 })
  allTicket: Opt<'enabled' | 'disabled'> = 'disabled';

  @Property({ type: 'boolean' })
  online: Opt<boolean> = false;

  @Property({ type: 'datetime', nullable: true })
  lastSeenAt?: Date | null;

  /** Bumped by a new login and by logout: every access and refresh token of an older version stops working. */
  @Property({ type: 'integer' })
  tokenVersion: Opt<number> = 0;

  @ManyToMany(() => Queue, undefined, { owner: true, pivotTable: 'user_queues', joinColumn: 'user_id', inverseJoinColumn: 'queue_id' })
  queues = new Collection<Queue>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
