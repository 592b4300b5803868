import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { BillingModule } from './billing.module';
import { TenantModule } from './tenant.module';

/**
 * The tenant domain as the application registers it: the companies, plans, settings and the rest (TenantModule,
 * which other domains import) and billing (invoices, the Pix checkout, the gateway), whose registration depends on
 * the configuration.
 */
@Module({})
export class TenantDomainModule {
  static register(config: AppConfig): DynamicModule {
    return { module: TenantDomainModule, imports: [TenantModule, BillingModule.register(config)] };
  }
}
