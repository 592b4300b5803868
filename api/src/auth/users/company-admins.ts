import type { CompanyId } from '../../common/tenancy/company-id';
import { withoutTenantFilter } from '../../common/tenancy/tenant-filter';
import { Injectable, Module } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import bcrypt from 'bcryptjs';
import { AppError } from '../../common/http/errors';
import { CompanyAdminProvisioner, NewCompanyAdmin } from '../../tenant/companies/company-admin.provisioner';
import { User } from './user.entity';
import { UserError } from './users.errors';

export const BCRYPT_COST = 10;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

export const emailTaken = (): AppError =>
  new AppError(UserError.ERR_EMAIL_ALREADY_REGISTERED, undefined, [{ field: 'email', messages: ['This e-mail is already registered'] }]);

/** E-mails are unique across the platform, since login is by e-mail alone: the check spans every company on purpose. */
export async function assertEmailFree(em: EntityManager, email: string, exceptId?: number): Promise<void> {
  const other = await em.findOne(User, { email }, { ...withoutTenantFilter('e-mail addresses are unique across companies'), fields: ['id'] });
  if (other && other.id !== exceptId) throw emailTaken();
}

/** The first admin of a company created by a super user or by sign-up. */
@Injectable()
export class CompanyAdmins extends CompanyAdminProvisioner {
  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  assertEmailFree(em: EntityManager, email: string): Promise<void> {
    return assertEmailFree(em, email);
  }

  async create(em: EntityManager, companyId: CompanyId, admin: NewCompanyAdmin): Promise<{ id: number; email: string }> {
    const user = em.create(User, { companyId, name: admin.name.slice(0, 50), email: admin.email, passwordHash: admin.passwordHash, profile: 'admin' });
    await em.flush();
    return { id: user.id, email: user.email };
  }
}

/**
 * Auth's implementation of tenant's `CompanyAdminProvisioner`. The composition root hands this module to tenant's
 * CompaniesModule (`TenantDomainModule.register(config, CompanyAdminsModule)`), so tenant never imports auth.
 */
@Module({ providers: [{ provide: CompanyAdminProvisioner, useClass: CompanyAdmins }], exports: [CompanyAdminProvisioner] })
export class CompanyAdminsModule {}
