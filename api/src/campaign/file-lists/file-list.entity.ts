import type { CompanyId } from '../../common/tenancy/company-id';
import { Collection, Embedded, Entity, Index, ManyToOne, OneToMany, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';
import type { MediaType } from '../../ticket/messages/message.entity';
import { Media } from '../../common/infra/media.embeddable';

/** A reusable message with attached files (the spec's file list), chosen by campaigns. */
@Entity({ tableName: 'file_lists' })
@TenantScoped()
@Index({ properties: ['companyId', 'name'] })
export class FileList {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  /** Who created it. */
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'user_id' })
  userId?: number | null;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text' })
  message!: string;

  @OneToMany(() => FileListOption, (o) => o.fileList, { orderBy: { position: 'asc', id: 'asc' }, orphanRemoval: true })
  options = new Collection<FileListOption>(this);

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/**
 * One file of a file list: its caption (name) and the stored file (server-made name under the company's
 * file-lists folder), its kind told from its bytes, and the name it was uploaded with.
 */
@Entity({ tableName: 'file_list_options' })
@TenantScoped()
export class FileListOption {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => FileList, { deleteRule: 'cascade', fieldName: 'file_list_id', index: true })
  fileList!: FileList;

  @Property({ type: 'text' })
  name: Opt<string> = '';

  /** Order in the list, as the dialog shows it. */
  @Property({ type: 'integer' })
  position: Opt<number> = 0;

  /** The file (media_path, media_name): a server-made name (AttachmentStore), null until a file is uploaded, and its original name. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'string', length: 20, nullable: true })
  mediaType?: MediaType | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
