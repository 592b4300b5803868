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
import { EmbedKeysController } from './embed/embed-keys.controller';
import { EmbedKeysService } from './embed/embed-keys.service';
import { EmbedOrigins } from './embed/embed-origins';
import { EmbedSessionController } from './embed/embed-session.controller';
import { EmbedSessionService } from './embed/embed-session.service';

@Module({
  // AuditModule: impersonation is recorded by SessionService, not by a route's interceptor.
  imports: [RealtimeModule, CommonModule, TenantModule, InvoicesModule, CompanyAdminsModule, AuditModule],
  controllers: [
    SessionController,
    EmbedSessionController,
    PasswordResetController,
    UsersController,
    CompanyUsersController,
    SignUpController,
    PlatformSettingsController,
    EmbedKeysController,
  ],
  providers: [
    SessionService,
    SessionPrunerService,
    PasswordResetService,
    UsersService,
    SignUpService,
    CompanyAdmins,
    SignUpSwitch,
    EmbedKeysService,
    EmbedSessionService,
    EmbedOrigins,
  ],
  // EmbedOrigins: the CORS answer (app.factory.ts) allows the origins of live embed keys.
  exports: [SessionService, EmbedOrigins],
})
export class AuthModule {}
