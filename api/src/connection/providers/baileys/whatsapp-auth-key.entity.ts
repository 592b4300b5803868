import type { CompanyId } from '../../../common/tenancy/company-id';
import { Entity, ManyToOne, Opt, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../../common/tenancy/tenant-filter';
import { Company } from '../../../tenant/companies/company.entity';
import { Whatsapp } from '../../whatsapps/whatsapp.entity';

/** `type` of the row holding a connection's credentials; the other rows hold Baileys' Signal keys, one per key. */
export const CREDS_TYPE = 'creds';

/**
 * One piece of a WhatsApp (Baileys) connection's auth state: its credentials (`type` 'creds') or one Signal key
 * (`type` is Baileys' key type: pre-key, session, sender-key, app-state-sync-key, lid-mapping, ...). The value is
 * Baileys' own JSON (BufferJSON: buffers as base64). Secret: it never leaves the server, and rows are written and
 * read only by the Baileys provider's auth store, always scoped to the company.
 */
@Entity({ tableName: 'whatsapp_auth_keys' })
@TenantScoped()
export class WhatsappAuthKey {
  [PrimaryKeyProp]?: ['whatsappId', 'type', 'keyId'];

  @ManyToOne(() => Whatsapp, { primary: true, mapToPk: true, deleteRule: 'cascade', fieldName: 'whatsapp_id' })
  whatsappId!: number;

  @PrimaryKey({ type: 'string', length: 40 })
  type!: string;

  @PrimaryKey({ type: 'text' })
  keyId!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'json' })
  value!: unknown;

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
