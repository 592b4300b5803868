import { Body, Controller, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { CommonError } from '../../common/http/errors';
import { Ctx, RequestContext } from '../../common/access/request-context';
import { InvoiceError } from '../invoices/invoice.errors';
import { PlanError } from '../plans/plan.errors';
import { CheckoutDto, EfiPixNoticeDto, PixCheckoutDto, WebhookAckDto } from './dto/checkout.dto';
import { SubscriptionError } from './subscription.errors';
import { SubscriptionService } from './subscription.service';
import { Audit } from '../../common/http/audit.decorator';

const { ERR_PAYMENT_GATEWAY_NOT_CONFIGURED, ERR_PAYMENT_GATEWAY_FAILED, ERR_CHARGE_NOT_FOUND, ERR_CHARGE_NOT_PENDING, ERR_WEBHOOK_SIGNATURE } =
  SubscriptionError;

@ApiTags('subscription')
@Audit({ target: 'subscription' })
@Controller('subscription')
export class SubscriptionController {
  constructor(private readonly subscription: SubscriptionService) {}

  @Post()
  @Endpoint({
    summary: 'Checkout: a Pix charge for an open invoice',
    description:
      "The checkout dialog's last step. The amount is the chosen plan's monthly value times the invoice's months (the invoice is repriced when " +
      "'Personalizar' chose another plan); `price`, `users` and `connections` of the spec's payload are not taken, and card fields are refused. " +
      'A pending charge with time left is answered again instead of opening another. Once paid, `company-{id}-payment` carries ' +
      "`{ action: 'CONCLUIDA', invoice, company }` with the new due date.",
    permission: 'billing:manage',
    whenExpired: true,
    status: 201,
    ok: PixCheckoutDto,
    errors: [
      CommonError.ERR_VALIDATION,
      InvoiceError.ERR_INVOICE_NOT_FOUND,
      InvoiceError.ERR_INVOICE_NOT_OPEN,
      PlanError.ERR_NO_PLAN_FOUND,
      ERR_PAYMENT_GATEWAY_NOT_CONFIGURED,
      ERR_PAYMENT_GATEWAY_FAILED,
    ],
  })
  checkout(@Ctx() ctx: RequestContext, @Body() body: CheckoutDto): Promise<PixCheckoutDto> {
    return this.subscription.checkout(ctx, body);
  }

  @Post('sandbox/:txid/pay')
  @Endpoint({
    summary: "Sandbox gateway only: pay a pending Pix charge of the company, as the payer's bank would",
    description: 'Answers 503 ERR_PAYMENT_GATEWAY_NOT_CONFIGURED unless PAYMENT_GATEWAY is sandbox (never in production). Settles like a real notice.',
    permission: 'billing:manage',
    whenExpired: true,
    status: 200,
    ok: PixCheckoutDto,
    errors: [ERR_PAYMENT_GATEWAY_NOT_CONFIGURED, ERR_CHARGE_NOT_FOUND, ERR_CHARGE_NOT_PENDING],
  })
  payInSandbox(@Ctx() ctx: RequestContext, @Param('txid') txid: string): Promise<PixCheckoutDto> {
    return this.subscription.payInSandbox(ctx, txid.slice(0, 35));
  }

  @Post('webhook/efi')
  @Endpoint({
    summary: "Efí's webhook registration test",
    description: 'Efí calls the registered URL once when it is registered; answered 200 when the secret matches.',
    public: true,
    status: 200,
    ok: WebhookAckDto,
    errors: [ERR_WEBHOOK_SIGNATURE],
  })
  efiWebhookTest(@Query('hmac') hmac: unknown): WebhookAckDto {
    this.subscription.verifySecret(hmac);
    return { ok: true };
  }

  @Post('webhook/efi/pix')
  @Endpoint({
    summary: "Efí's Pix payment notices",
    description:
      'Efí appends /pix to the registered URL. Verified by the shared secret in `hmac` (EFI_WEBHOOK_SECRET, constant-time), else 401. ' +
      'Each entry settles its charge once: a replayed notice changes nothing and is answered 200, so Efí stops retrying.',
    public: true,
    status: 200,
    ok: WebhookAckDto,
    errors: [ERR_WEBHOOK_SIGNATURE],
  })
  async efiWebhook(@Query('hmac') hmac: unknown, @Body() body: EfiPixNoticeDto): Promise<WebhookAckDto> {
    this.subscription.verifySecret(hmac);
    await this.subscription.handleEfiNotice(body);
    return { ok: true };
  }
}
