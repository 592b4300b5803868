import { Module } from '@nestjs/common';
import { TenantModule } from '../tenant/tenant.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TenantModule],
  controllers: [AuthController, PasswordResetController, UsersController],
  providers: [AuthService, PasswordResetService, UsersService],
  exports: [AuthService],
})
export class AuthModule {}
