import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import { User } from '../../auth/users/user.entity';

/**
 * A personal to-do of one user (the /todolist page). Nobody else, admins included, sees it. `description` is HTML
 * that already went through `sanitizeTaskHtml` on the way in; it is never stored unsanitised.
 */
@Entity({ tableName: 'tasks' })
@TenantScoped()
@Index({ name: 'tasks_company_id_user_id_completed_created_at_index', properties: ['companyId', 'userId', 'completed', 'createdAt'] })
export class Task {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  /** The owner; a deleted user's tasks go with them. */
  @ManyToOne(() => User, { mapToPk: true, deleteRule: 'cascade', fieldName: 'user_id' })
  userId!: number;

  @Property({ type: 'string', length: 500 })
  text!: string;

  /** Sanitised HTML (see task-html.ts); '' when there is none. */
  @Property({ type: 'text' })
  description: Opt<string> = '';

  @Property({ type: 'boolean' })
  completed: Opt<boolean> = false;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
