import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Opt } from '@mikro-orm/core';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../users/user.entity';

/**
 * One row per issued refresh token. Only a SHA-256 of the token is stored. Tokens rotate:
 * each refresh marks the presented token rotated and issues a new one in the same family; presenting a
 * rotated token again (past a short grace for two tabs refreshing at once) revokes the whole family,
 * since that is what a stolen cookie replayed after rotation looks like.
 * Not tenant-filtered: it is looked up by its hash before any company is known.
 */
@Entity({ tableName: 'refresh_tokens' })
// With user_id's: ending a user's sessions revokes their own tokens and the impersonations they ran (an OR of both).
@Index({
  name: 'refresh_tokens_impersonator_id_index',
  expression: 'create index "refresh_tokens_impersonator_id_index" on "refresh_tokens" ("impersonator_id") where "impersonator_id" is not null',
})
export class RefreshToken {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  @Index()
  family!: string;

  /** Indexed: a new password ends every session of the user, and the tokens go when the user goes. */
  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id', index: true })
  userId!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: 'integer' })
  tokenVersion!: number;

  /** The super user acting as this user, when the session is an impersonation. */
  @Property({ type: 'integer', nullable: true })
  impersonatorId?: number | null;

  /** Indexed: the pruner deletes the long-expired ones (SessionPrunerService). */
  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  /** Set when this token was exchanged for a newer one. */
  @Property({ type: 'datetime', nullable: true })
  rotatedAt?: Date | null;

  /** Set when the session was ended (logout, login elsewhere, replay detected): final. */
  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
