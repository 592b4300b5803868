import type { CompanyId } from '../../common/tenancy/company-id';
import { Embedded, Entity, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';
import { Media } from '../../common/infra/media.embeddable';

/** A reply typed as `/shortcode`. Private ones (geral = false) are seen only by their owner. */
@Entity({ tableName: 'quick_messages' })
@TenantScoped()
export class QuickMessage {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'user_id' })
  userId?: number | null;

  @Property({ type: 'string', length: 100 })
  shortcode!: string;

  @Property({ type: 'text' })
  message: Opt<string> = '';

  /** Shared with the whole company (true) or private to its owner (false). */
  @Property({ type: 'boolean' })
  geral: Opt<boolean> = false;

  /** The attachment (media_path, media_name): a server-made name under the company's quick-messages folder, and its original name. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
