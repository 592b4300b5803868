import { Module } from '@nestjs/common';
import { RealtimeModule } from '../../realtime/realtime.module';
import { InvoicesService } from './invoices.service';

/**
 * Issuing and reading a company's invoices, without the billing's controllers, job or gateway: what sign-up (the
 * trial's first invoice) and the companies form (a plan's change) need. Billing imports it and re-exports it, so there
 * is one InvoicesService and no module is global for it.
 */
@Module({
  imports: [RealtimeModule],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
