import type { CompanyId } from '../../common/tenancy/company-id';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface NewCompanyAdmin {
  name: string;
  email: string;
  passwordHash: string;
}

/**
 * Creates a new company's first admin inside the transaction that creates the company (super users' company
 * form). Users belong to auth, which builds on tenant: tenant names what it needs here and auth provides it
 * (`CompanyAdminsModule`, which the composition root passes to `CompaniesModule.register`), so tenant never
 * imports auth.
 */
export abstract class CompanyAdminProvisioner {
  /** bcrypt of the password, computed before the transaction opens. */
  abstract hashPassword(password: string): Promise<string>;
  /** Refuses an e-mail any user of any company already has (409 ERR_EMAIL_ALREADY_REGISTERED on `email`). */
  abstract assertEmailFree(em: EntityManager, email: string): Promise<void>;
  abstract create(em: EntityManager, companyId: CompanyId, admin: NewCompanyAdmin): Promise<{ id: number; email: string }>;
}
