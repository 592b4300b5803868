import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Opt } from '@mikro-orm/core';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../users/user.entity';

/** A mailed single-use code; only its hash is kept. Looked up by user before a company context exists. */
@Entity({ tableName: 'password_resets' })
export class PasswordReset {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  userId!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @Property({ type: 'string', length: 64 })
  codeHash!: string;

  @Property({ type: 'integer' })
  attempts: Opt<number> = 0;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
