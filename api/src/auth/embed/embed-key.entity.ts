import type { CompanyId } from '../../common/tenancy/company-id';
import { ArrayType, Entity, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../users/user.entity';

/**
 * A partner's signing key: the partner's server signs short-lived tokens with its secret (HS256), naming a user of
 * the company, and a widget on one of `allowedOrigins` exchanges such a token for an embed session
 * (POST /auth/embed/session). The secret is SecretBox-sealed (HS256 needs it back) and shown once, on creation.
 * A revoked key stays listed and ends its sessions at once.
 */
@Entity({ tableName: 'embed_keys' })
@TenantScoped()
export class EmbedKey {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id', index: true })
  companyId!: CompanyId;

  /** Public: the partner's tokens name it in their `kid` header; `ek_` and random. */
  @Property({ type: 'string', length: 40, unique: true })
  keyId!: string;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Normalised origins (`https://portal.example.com`, `http://localhost:5173`). */
  @Property({ type: ArrayType, columnType: 'text[]' })
  allowedOrigins!: string[];

  /** Sealed (SecretBox). */
  @Property({ type: 'text', hidden: true })
  secret!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null', fieldName: 'created_by_id' })
  createdById?: number | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
