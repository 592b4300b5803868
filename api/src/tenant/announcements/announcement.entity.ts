import type { CompanyId } from '../../common/tenancy/company-id';
import { Embedded, Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { Company } from '../companies/company.entity';
import { Media } from '../../common/infra/media.embeddable';

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export type AnnouncementPriority = 1 | 2 | 3;

/**
 * A system notice. Platform-wide like help videos: every company reads the same active announcements (the top bar's
 * bell), and super users (announcements:manage) write them. So it carries no tenant filter (listed in
 * tenant-scope.spec.ts); `companyId` only records the super company that wrote it, and a notice outlives that company
 * (set null).
 */
@Entity({ tableName: 'announcements' })
@Index({ name: 'announcements_status_created_at_index', properties: ['status', 'createdAt'] })
export class Announcement {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The writing super company (not an owner: no tenant filter reads by it). */
  @ManyToOne(() => Company, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'company_id' })
  companyId?: CompanyId | null;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'smallint' })
  priority: Opt<AnnouncementPriority> = 3;

  /** Active (shown in every company's bell) or inactive (only on the super users' page). */
  @Property({ type: 'boolean' })
  status: Opt<boolean> = true;

  /** The attachment (media_path, media_name): a server-made name, and its original name. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
