import { DynamicModule, Module, Type } from '@nestjs/common';
import { TenantModule } from '../tenant.module';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';
import { RealtimeModule } from '../../realtime/realtime.module';
import { InvoicesModule } from '../invoices/invoices.module';

/**
 * The companies form (super users) and a company's own record. Creating a company creates its first admin through
 * `CompanyAdminProvisioner`, which only auth can implement: the composition root passes the module that provides
 * it (auth's `CompanyAdminsModule`), so tenant names the need and never imports auth, and no module is global for it.
 */
@Module({})
export class CompaniesModule {
  static register(companyAdmins: Type): DynamicModule {
    return {
      module: CompaniesModule,
      imports: [RealtimeModule, TenantModule, InvoicesModule, companyAdmins],
      controllers: [CompaniesController],
      providers: [CompaniesService],
    };
  }
}
