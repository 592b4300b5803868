import { Module } from '@nestjs/common';
import { TenantModule } from '../tenant/tenant.module';
import { SessionController } from './session/session.controller';
import { SessionService } from './session/session.service';
import { SessionPrunerService } from './session/session-pruner.service';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { UsersController } from './users/users.controller';
import { CompanyUsersController } from './users/company-users.controller';
import { UsersService } from './users/users.service';
import { CompanyAdmins, CompanyAdminsModule } from './users/company-admins';
import { SignUpController } from './signup/signup.controller';
import { SignUpService } from './signup/signup.service';

@Module({
  imports: [TenantModule, CompanyAdminsModule],
  controllers: [SessionController, PasswordResetController, UsersController, CompanyUsersController, SignUpController],
  providers: [SessionService, SessionPrunerService, PasswordResetService, UsersService, SignUpService, CompanyAdmins],
  exports: [SessionService],
})
export class AuthModule {}
