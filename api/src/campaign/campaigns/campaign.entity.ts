import type { CompanyId } from '../../common/tenancy/company-id';
import { Embedded, Entity, Enum, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { Whatsapp } from '../../connection/whatsapps/whatsapp.entity';
import { Tag } from '../../ticket/tags/tag.entity';
import { ContactList } from '../contact-lists/contact-list.entity';
import { FileList } from '../file-lists/file-list.entity';
import type { MediaType } from '../../ticket/messages/message.entity';
import type { OutboundMedia } from '../../ticket/messages/outbound.service';
import { Media } from '../../common/infra/media.embeddable';

/**
 * The campaign states of the spec (back-office §4). INATIVA: a draft. PROGRAMADA: saved with a time, waiting for
 * it. EM_ANDAMENTO: sending. CANCELADA: stopped by a user (restart resumes it). FINALIZADA: every recipient had
 * its planned send.
 */
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The five message slots (message1..5 and confirmationMessage1..5). */
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export type MessageSlot = (typeof MESSAGE_SLOTS)[number];

/** A mass send of up to five message variants to a contact list (or to the contacts of a tag) through one connection. */
@Entity({ tableName: 'campaigns' })
@TenantScoped()
@Index({ properties: ['companyId', 'createdAt'] })
@Index({
  name: 'campaigns_active_index',
  expression: `create index "campaigns_active_index" on "campaigns" ("status", "scheduled_at") where "status" in ('PROGRAMADA', 'EM_ANDAMENTO')`,
})
export class Campaign {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 50 })
  name!: string;

  @Enum({ items: () => [...CAMPAIGN_STATUSES], columnType: 'varchar(20)' })
  status: Opt<CampaignStatus> = 'INATIVA';

  /** Ask first (confirmationMessageN) and send messageN only once the contact answers. */
  @Property({ type: 'boolean' })
  confirmation: Opt<boolean> = false;

  @Property({ type: 'datetime', nullable: true })
  scheduledAt?: Date | null;

  /** When it started sending (the planning instant). */
  @Property({ type: 'datetime', nullable: true })
  startedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  completedAt?: Date | null;

  @ManyToOne(() => Whatsapp, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'whatsapp_id' })
  whatsappId?: number | null;

  @ManyToOne(() => ContactList, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'contact_list_id' })
  contactListId?: number | null;

  @ManyToOne(() => Tag, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'tag_list_id' })
  tagListId?: number | null;

  @ManyToOne(() => FileList, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'file_list_id' })
  fileListId?: number | null;

  @Property({ type: 'text' }) message1: Opt<string> = '';
  @Property({ type: 'text' }) message2: Opt<string> = '';
  @Property({ type: 'text' }) message3: Opt<string> = '';
  @Property({ type: 'text' }) message4: Opt<string> = '';
  @Property({ type: 'text' }) message5: Opt<string> = '';
  @Property({ type: 'text' }) confirmationMessage1: Opt<string> = '';
  @Property({ type: 'text' }) confirmationMessage2: Opt<string> = '';
  @Property({ type: 'text' }) confirmationMessage3: Opt<string> = '';
  @Property({ type: 'text' }) confirmationMessage4: Opt<string> = '';
  @Property({ type: 'text' }) confirmationMessage5: Opt<string> = '';

  /** The attachment (media_path, media_name), stored once in the company's message media; every send refers to the same file. */
  @Embedded(() => Media)
  media: Opt<Media> = new Media();

  @Property({ type: 'string', length: 30, nullable: true })
  mediaType?: MediaType | null;

  /** The file list's files as the campaign started, each with its description as `caption`: sent after the message to every recipient. */
  @Property({ type: 'json', nullable: true })
  fileMedia?: CampaignFileMedia[] | null;

  /** The file list's message as the campaign started: sent after the campaign message, before the files. */
  @Property({ type: 'text', nullable: true })
  fileMessage?: string | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

export const messageOf = (c: Campaign, slot: MessageSlot): string => c[`message${slot}`];
export const confirmationOf = (c: Campaign, slot: MessageSlot): string => c[`confirmationMessage${slot}`];
/** The slots with a message, the ones a recipient may be given. */
export const usedSlots = (c: Campaign): MessageSlot[] => MESSAGE_SLOTS.filter((s) => messageOf(c, s).trim() !== '');

/** One file of the campaign's file list, as stored at its start: the media and the option's description (its caption). */
export interface CampaignFileMedia extends OutboundMedia {
  caption?: string;
}
