import { DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bull';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CommonModule } from './common/common.module';
import { MediaStoreModule } from './common/infra/media-store/media-store.module';
import { ormOptions } from './database/mikro-orm.config';
import { ENTITIES } from './entities';
import { RealtimeModule } from './realtime/realtime.module';
import { throttlerOptions } from './common/http/rate-limit';
import { DEFAULT_JOB_OPTIONS } from './jobs/jobs';
import { QueueWatch } from './jobs/queue-watch';
import { redisOptions, redisUrlOptions } from './common/infra/redis';
import { TenantDomainModule } from './tenant/tenant-domain.module';
import { AuthDomainModule } from './auth/auth-domain.module';
import { TicketDomainModule } from './ticket/ticket-domain.module';
import { CampaignModule } from './campaign/campaign.module';
import { AutomationModule } from './automation/automation.module';
import { HealthController } from './health.controller';
import { VersionController } from './version.controller';
import { ObservabilityModule } from './observability/observability.module';
import { ConnectionDomainModule } from './connection/connection.module';
import { AuditModule } from './audit/audit.module';
import { CompanyAdminsModule } from './auth/users/company-admins';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/atende';
export const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

@Module({})
export class AppModule {
  /** The whole application for one resolved configuration (database and Redis URLs filled in). */
  static forRoot(config: AppConfig): DynamicModule {
    const databaseUrl = config.databaseUrl ?? DEFAULT_DATABASE_URL;
    const redisUrl = config.redisUrl ?? DEFAULT_REDIS;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot(ormOptions(databaseUrl, ENTITIES)),
        BullModule.forRoot({
          // Bull gives each queue three connections: 'client' (adds, job state; a command waits 5 reconnection
          // attempts, about 2 s, while Redis is down) and the blocking 'bclient' and 'subscriber', to which Bull
          // sets maxRetriesPerRequest null (they wait for Redis). Bull listens to their errors (the queue's
          // 'error' event, logged by QueueWatch) and each reconnects with our strategy.
          redis: redisOptions({ ...redisUrlOptions(redisUrl), maxRetriesPerRequest: 5 }),
          prefix: `${config.redisPrefix}:bull`,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
          // A dead worker's jobs go back to wait once their lock lapsed and a stall check ran (JOB_LOCK_MS, Bull's 30 s by default).
          settings: { lockDuration: config.jobLockMs, lockRenewTime: Math.floor(config.jobLockMs / 2), stalledInterval: config.jobLockMs },
        }),
        ThrottlerModule.forRoot(throttlerOptions(config, redisUrl)),
        CommonModule,
        ObservabilityModule,
        MediaStoreModule,
        RealtimeModule,
        // The six domains (../shared/ARCHITECTURE.md; api/README.md draws them), each registering its own parts.
        // Tenant's company form creates a company's first admin through auth's provisioner (tenant never imports auth).
        TenantDomainModule.register(config, CompanyAdminsModule),
        AuthDomainModule.register(config),
        ConnectionDomainModule.register(config),
        TicketDomainModule.register(config),
        CampaignModule.register(config),
        AutomationModule.register(config),
        // Cross-cutting: the audit log records writes of every domain's routes.
        AuditModule,
      ],
      controllers: [HealthController, VersionController],
      // After the AuthGuard (registered in CommonModule): rate limits count only routes that declare one.
      providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }, QueueWatch],
    };
  }
}
