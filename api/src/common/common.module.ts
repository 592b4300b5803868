import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AuthGuard } from './access/auth.guard';
import { ErrorFilter } from './http/error.filter';
import { MailService } from './infra/mail.service';
import { RedisClient } from './infra/redis';
import { SessionLoader } from './access/session-loader';
import { TokenService } from './access/token.service';
import { SecretBox } from './infra/secret-box';
import { ApiTokenAuthenticators } from './access/api-token';
import { OutboundGuard } from './infra/outbound/outbound-guard';
import { APP_CONFIG, AppConfig } from '../config/app-config';

@Module({
  imports: [JwtModule.register({})],
  providers: [
    TokenService,
    SessionLoader,
    ApiTokenAuthenticators,
    MailService,
    RedisClient,
    { provide: SecretBox, useFactory: (config: AppConfig) => new SecretBox(config.secretsKey, config.secretsKeyPrevious), inject: [APP_CONFIG] },
    { provide: OutboundGuard, useFactory: (config: AppConfig) => OutboundGuard.fromConfig(config), inject: [APP_CONFIG] },
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_FILTER, useClass: ErrorFilter },
  ],
  exports: [TokenService, SessionLoader, ApiTokenAuthenticators, MailService, RedisClient, SecretBox, OutboundGuard],
})
export class CommonModule {}
