import { Module } from '@nestjs/common';
import { TenantModule } from '../tenant/tenant.module';
import { AuditModule } from '../audit/audit.module';
import { SessionController } from './session/session.controller';
import { SessionService } from './session/session.service';
import { SessionPrunerService } from './session/session-pruner.service';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { UsersController } from './users/users.controller';
import { CompanyUsersController } from './users/company-users.controller';
import { UsersService } from './users/users.service';
import { CompanyAdmins, CompanyAdminsModule } from './users/company-admins';
import { PlatformSettingsController, SignUpController } from './signup/signup.controller';
import { SignUpSwitch } from './signup/signup-switch';
import { SignUpService } from './signup/signup.service';
import { CommonModule } from '../common/common.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { InvoicesModule } from '../tenant/invoices/invoices.module';

@Module({
  // AuditModule: impersonation is recorded by SessionService, not by a route's interceptor.
  imports: [RealtimeModule, CommonModule, TenantModule, InvoicesModule, CompanyAdminsModule, AuditModule],
  controllers: [SessionController, PasswordResetController, UsersController, CompanyUsersController, SignUpController, PlatformSettingsController],
  providers: [SessionService, SessionPrunerService, PasswordResetService, UsersService, SignUpService, CompanyAdmins, SignUpSwitch],
  exports: [SessionService],
})
export class AuthModule {}
