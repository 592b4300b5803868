import { BullModule } from '@nestjs/bull';
import { DynamicModule, Inject, Logger, Module, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { AppConfig, workerOnly } from '../config/app-config';
import { QUEUES } from '../jobs/jobs';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoicesProcessor, InvoicesScheduler } from './invoices/invoices.processor';
import { InvoicesModule } from './invoices/invoices.module';
import { EfiGateway } from './subscription/gateways/efi.gateway';
import { createPaymentGateway } from './subscription/gateways/gateway.factory';
import { PAYMENT_GATEWAY, type PaymentGateway } from './subscription/gateways/payment-gateway';
import { SubscriptionController } from './subscription/subscription.controller';
import { SubscriptionService } from './subscription/subscription.service';
import { RealtimeModule } from '../realtime/realtime.module';

/** Registers the Pix webhook at Efí when EFI_WEBHOOK_URL is set (idempotent at Efí's side; a failure is logged, not fatal). */
class EfiWebhookRegistration implements OnApplicationBootstrap {
  private readonly logger = new Logger('EfiGateway');
  constructor(@Optional() @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway | null) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!(this.gateway instanceof EfiGateway)) return;
    try {
      await this.gateway.registerWebhook();
    } catch (e) {
      this.logger.error(`Registering the Pix webhook at Efí failed: ${(e as Error).message}`);
    }
  }
}

/**
 * The tenant module's billing: invoices ('Faturas'), their issuing job, the Pix checkout and the gateway's
 * payment notices. The gateway is chosen by PAYMENT_GATEWAY (config `billing`).
 */
@Module({})
export class BillingModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: BillingModule,
      imports: [RealtimeModule, InvoicesModule, BullModule.registerQueue({ name: QUEUES.billing })],
      controllers: [InvoicesController, SubscriptionController],
      providers: [
        { provide: PAYMENT_GATEWAY, useFactory: () => createPaymentGateway(config.billing) },
        SubscriptionService,
        InvoicesScheduler,
        EfiWebhookRegistration,
        ...workerOnly(config.role, [InvoicesProcessor]),
      ],
      exports: [InvoicesModule, SubscriptionService],
    };
  }
}
