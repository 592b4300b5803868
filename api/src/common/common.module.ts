import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AuthGuard } from './auth.guard';
import { ErrorFilter } from './error.filter';
import { MailService } from './mail.service';
import { RedisClient } from './redis';
import { SessionLoader } from './session-loader';
import { TokenService } from './token.service';
import { SecretBox } from './secret-box';
import { ApiTokenAuthenticators } from './api-token';
import { OutboundGuard } from './outbound/outbound-guard';
import { APP_CONFIG, AppConfig } from '../config/app-config';

@Global()
@Module({
  imports: [JwtModule.register({})],
  providers: [
    TokenService,
    SessionLoader,
    ApiTokenAuthenticators,
    MailService,
    RedisClient,
    { provide: SecretBox, useFactory: (config: AppConfig) => new SecretBox(config.secretsKey), inject: [APP_CONFIG] },
    { provide: OutboundGuard, useFactory: (config: AppConfig) => OutboundGuard.fromConfig(config), inject: [APP_CONFIG] },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_FILTER, useClass: ErrorFilter },
  ],
  exports: [TokenService, SessionLoader, ApiTokenAuthenticators, MailService, RedisClient, SecretBox, OutboundGuard],
})
export class CommonModule {}
