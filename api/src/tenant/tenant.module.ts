import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';
import { LogoService } from './logo.service';
import { PlanLimitsService } from './plan-limits.service';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';
import { PublicSettingsController } from './public-settings.controller';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SignUpService } from './signup.service';

@Module({
  imports: [
    // Uploads here are logos: kept in memory (multer's default without `dest`), checked, then written by LogoService.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ limits: { fileSize: config.logoMaxBytes, files: 1, fields: 10 } }),
    }),
  ],
  controllers: [CompaniesController, PlansController, SettingsController, PublicSettingsController],
  providers: [SettingsService, PlanLimitsService, CompaniesService, PlansService, SignUpService, LogoService],
  exports: [SettingsService, PlanLimitsService],
})
export class TenantModule {}
