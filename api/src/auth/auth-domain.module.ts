import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { AuthModule } from './auth.module';
import { PresenceModule } from './presence/presence.module';
import { PushWorkerModule } from './push/push.module';

/**
 * The auth domain as the application registers it: sessions, sign-up, users and permissions (AuthModule), who is
 * online (presence, with its processor on worker processes) and the web-push deliveries (worker processes).
 */
@Module({})
export class AuthDomainModule {
  static register(config: AppConfig): DynamicModule {
    return { module: AuthDomainModule, imports: [AuthModule, PresenceModule.register(config.role), PushWorkerModule.register(config.role)] };
  }
}
