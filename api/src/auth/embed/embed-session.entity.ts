import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../users/user.entity';
import { EmbedKey } from './embed-key.entity';

/**
 * One partner token exchanged: a session of its own kind (the access token says `knd: 'embed'` and names this row).
 * (key, jti) is unique, so a partner token is good once. The session stands while this row is not ended nor expired,
 * its key is not revoked and its user exists (deleting the user deletes the row); the user's token version, which a
 * console login or logout bumps, is not looked at.
 */
@Entity({ tableName: 'embed_sessions' })
@TenantScoped()
@Unique({ properties: ['keyId', 'jti'] })
export class EmbedSession {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id', index: true })
  userId!: number;

  @ManyToOne(() => EmbedKey, { mapToPk: true, deleteRule: 'cascade', fieldName: 'key_id' })
  keyId!: number;

  @Property({ type: 'string', length: 200 })
  jti!: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  /** Set when the session was ended (its logout, its key revoked): final. */
  @Property({ type: 'datetime', nullable: true })
  endedAt?: Date | null;
}
