import { DynamicModule, Module, Type } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { BillingModule } from './billing.module';
import { CompaniesModule } from './companies/companies.module';
import { TenantModule } from './tenant.module';

/**
 * The tenant domain as the application registers it: the plans, settings and the rest (TenantModule, which other
 * domains import), the companies form (CompaniesModule, given the module that provides `CompanyAdminProvisioner`:
 * auth's, named by the composition root) and billing (invoices, the Pix checkout, the gateway), whose registration
 * depends on the configuration.
 */
@Module({})
export class TenantDomainModule {
  static register(config: AppConfig, companyAdmins: Type): DynamicModule {
    return { module: TenantDomainModule, imports: [TenantModule, CompaniesModule.register(companyAdmins), BillingModule.register(config)] };
  }
}
