import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CompaniesController } from './companies/companies.controller';
import { CompaniesService } from './companies/companies.service';
import { LogoService } from './settings/logo.service';
import { PlanLimitsService } from './plans/plan-limits.service';
import { PlansController } from './plans/plans.controller';
import { PlansService } from './plans/plans.service';
import { PublicSettingsController } from './settings/public-settings.controller';
import { SettingsController } from './settings/settings.controller';
import { SettingsService } from './settings/settings.service';
import { QueuesController } from './queues/queues.controller';
import { QueuesService } from './queues/queues.service';
import { HolidaysController } from './holidays/holidays.controller';
import { HolidaysService } from './holidays/holidays.service';
import { HelpsController } from './helps/helps.controller';
import { HelpsService } from './helps/helps.service';
import { AnnouncementsController } from './announcements/announcements.controller';
import { AnnouncementsService } from './announcements/announcements.service';
import { QueueOptionsController } from './queue-options/queue-options.controller';
import { QueueOptionsService } from './queue-options/queue-options.service';

@Module({
  imports: [
    // Uploads here are logos: kept in memory (multer's default without `dest`), checked, then written by LogoService.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ limits: { fileSize: config.logoMaxBytes, files: 1, fields: 10 } }),
    }),
  ],
  controllers: [
    CompaniesController,
    PlansController,
    SettingsController,
    PublicSettingsController,
    QueuesController,
    QueueOptionsController,
    HelpsController,
    HolidaysController,
    AnnouncementsController,
  ],
  providers: [
    SettingsService,
    PlanLimitsService,
    CompaniesService,
    PlansService,
    LogoService,
    QueuesService,
    QueueOptionsService,
    HelpsService,
    HolidaysService,
    AnnouncementsService,
  ],
  exports: [SettingsService, PlanLimitsService, QueuesService],
})
export class TenantModule {}
