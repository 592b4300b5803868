import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { ConnectionSessionsService, MESSAGING_PROVIDERS } from './sessions/connection-sessions.service';
import type { MessagingProvider } from './providers/messaging-provider';
import { SandboxNetwork } from './providers/sandbox/sandbox-network';
import { SandboxProvider } from './providers/sandbox/sandbox.provider';
import { SandboxController } from './sandbox-api/sandbox.controller';
import { SessionLeaseService } from './sessions/session-lease.service';
import { SessionRpcBus } from './sessions/session-rpc.bus';
import { SANDBOX_NETWORK, SandboxService } from './sandbox-api/sandbox.service';
import { WhatsappController } from './whatsapps/whatsapp.controller';
import { WhatsappService } from './whatsapps/whatsapp.service';
import type { ProviderName } from './whatsapps/whatsapp.entity';

@Module({})
export class ConnectionModule {
  /** The sandbox phone-driving API exists outside production only; the sandbox provider itself is always available. */
  static register(config: AppConfig): DynamicModule {
    const withSandboxApi = config.nodeEnv !== 'production';
    return {
      module: ConnectionModule,
      global: true,
      controllers: [WhatsappController, ...(withSandboxApi ? [SandboxController] : [])],
      providers: [
        { provide: SANDBOX_NETWORK, useFactory: () => new SandboxNetwork() },
        {
          provide: MESSAGING_PROVIDERS,
          inject: [SANDBOX_NETWORK],
          useFactory: (network: SandboxNetwork): Record<ProviderName, MessagingProvider | undefined> => ({
            sandbox: new SandboxProvider(network),
            // The Baileys provider arrives with the connections screens.
            baileys: undefined,
          }),
        },
        SessionLeaseService,
        SessionRpcBus,
        ConnectionSessionsService,
        WhatsappService,
        ...(withSandboxApi ? [SandboxService] : []),
      ],
      exports: [ConnectionSessionsService, WhatsappService, SANDBOX_NETWORK],
    };
  }
}
