import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MEDIA_STORE, type MediaStore } from '../common/infra/media-store/media-store';
import { TenantModule } from '../tenant/tenant.module';
import { WhatsappTokenAuthenticator } from './whatsapps/whatsapp-token.authenticator';
import { ConnectionSessionsService, MESSAGING_PROVIDERS } from './sessions/connection-sessions.service';
import type { MessagingProvider } from './providers/messaging-provider';
import { SandboxNetwork } from './providers/sandbox/sandbox-network';
import { SandboxJournals } from './providers/sandbox/sandbox-journal';
import { SandboxProvider } from './providers/sandbox/sandbox.provider';
import { SandboxCloudProvider } from './providers/sandbox/sandbox-cloud.provider';
import { BaileysProvider } from './providers/baileys/baileys.provider';
import { CloudProvider } from './providers/cloud/cloud.provider';
import { CloudWebhookController } from './cloud-webhook/cloud-webhook.controller';
import { CloudWebhookService } from './cloud-webhook/cloud-webhook.service';
import { SecretBox } from '../common/infra/secret-box';
import { SandboxController } from './sandbox-api/sandbox.controller';
import { SessionLeaseService } from './sessions/session-lease.service';
import { SessionRpcBus } from './sessions/session-rpc.bus';
import { SANDBOX_NETWORK, SandboxService } from './sandbox-api/sandbox.service';
import { WhatsappController } from './whatsapps/whatsapp.controller';
import { WhatsappService } from './whatsapps/whatsapp.service';
import { WhatsappSessionController } from './session-api/whatsapp-session.controller';
import { WhatsappSessionService } from './session-api/whatsapp-session.service';
import { MessageTemplatesController } from './templates/message-templates.controller';
import { MessageTemplatesService } from './templates/message-templates.service';
import type { ProviderName } from './whatsapps/whatsapp.entity';
import { CommonModule } from '../common/common.module';
import { RealtimeModule } from '../realtime/realtime.module';

/**
 * WhatsApp connections and their sessions (ARCHITECTURE: the `connection` module): the connections' routes, the
 * providers (sandbox, baileys) and the sessions that run them. The ticket and campaign modules import it for
 * ConnectionSessionsService and WhatsappService; the API-token authenticator plugs itself into common's
 * ApiTokenAuthenticators. The application registers it through ConnectionDomainModule.
 */
@Module({
  imports: [RealtimeModule, CommonModule, TenantModule],
  controllers: [WhatsappController, WhatsappSessionController, MessageTemplatesController, CloudWebhookController],
  providers: [
    {
      provide: SANDBOX_NETWORK,
      inject: [APP_CONFIG],
      // Outside production the phones' inboxes outlive the process (SANDBOX_JOURNAL), like a real phone's, and are
      // shared by the processes of a deployment (one file per connection, written by the process running it).
      useFactory: (config: AppConfig) =>
        new SandboxNetwork(config.sandboxJournal && config.nodeEnv !== 'production' ? new SandboxJournals(join(config.dataDir, 'sandbox')) : undefined),
    },
    {
      provide: MESSAGING_PROVIDERS,
      inject: [SANDBOX_NETWORK, EntityManager, APP_CONFIG, MEDIA_STORE, SecretBox],
      useFactory: (
        network: SandboxNetwork,
        em: EntityManager,
        config: AppConfig,
        media: MediaStore,
        box: SecretBox,
      ): Record<ProviderName, MessagingProvider | undefined> => ({
        sandbox: new SandboxProvider(network, config.sandboxStepMs, config.sandboxScan),
        baileys: new BaileysProvider(em, config, { media }),
        cloud: new CloudProvider(em, box, config, { media }),
        // Issue 35 (in progress): the sandbox's official mode.
        sandbox_cloud: new SandboxCloudProvider(network),
      }),
    },
    SessionLeaseService,
    SessionRpcBus,
    ConnectionSessionsService,
    CloudWebhookService,
    WhatsappService,
    WhatsappSessionService,
    MessageTemplatesService,
    WhatsappTokenAuthenticator,
  ],
  exports: [ConnectionSessionsService, WhatsappService, MessageTemplatesService, SANDBOX_NETWORK],
})
export class ConnectionModule {}

/**
 * The connection domain as the application registers it: ConnectionModule, and outside production the sandbox's
 * phone-driving API (the sandbox provider itself is always available).
 */
@Module({})
export class ConnectionDomainModule {
  static register(config: AppConfig): DynamicModule {
    const withSandboxApi = config.nodeEnv !== 'production';
    return {
      module: ConnectionDomainModule,
      imports: [ConnectionModule],
      controllers: withSandboxApi ? [SandboxController] : [],
      providers: withSandboxApi ? [SandboxService] : [],
    };
  }
}
