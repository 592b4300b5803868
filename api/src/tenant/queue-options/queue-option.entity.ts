import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../companies/company.entity';
import { Queue } from '../queues/queue.entity';

/**
 * One entry of a queue's chatbot menu: the contact types `option` to pick it, the bot answers `message`, and its
 * children are the next menu. Deleting the queue, or the parent option, deletes it (foreign keys cascade).
 */
@Entity({ tableName: 'queue_options' })
@Index({ properties: ['queueId', 'parent', 'option'] })
@TenantScoped()
export class QueueOption {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => Queue, { mapToPk: true, deleteRule: 'cascade', fieldName: 'queue_id' })
  queueId!: number;

  /** Null at the menu's first level. */
  @ManyToOne(() => QueueOption, { nullable: true, deleteRule: 'cascade', fieldName: 'parent_id' })
  parent?: QueueOption | null;

  get parentId(): number | null {
    return this.parent?.id ?? null;
  }

  @Property({ type: 'string', length: 100 })
  title!: string;

  @Property({ type: 'text', nullable: true })
  message?: string | null;

  /** The number the contact types; 1..n among its siblings. */
  @Property({ type: 'integer' })
  option!: number;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
