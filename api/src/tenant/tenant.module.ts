import { Module } from '@nestjs/common';
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
import { RealtimeModule } from '../realtime/realtime.module';

@Module({
  imports: [RealtimeModule],
  controllers: [
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
