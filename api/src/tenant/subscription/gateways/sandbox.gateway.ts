import { pixBrCode } from './br-code';
import type { OpenedPixCharge, PaymentGateway, PixChargeRequest } from './payment-gateway';

/**
 * The sandbox gateway (outside production): opens charges in-process with a well-formed BR Code for a fake key.
 * Nothing reaches a bank; POST /subscription/sandbox/{txid}/pay plays the payer's bank and settles the charge
 * through the same path as a real gateway's notice.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  openCharge(request: PixChargeRequest): Promise<OpenedPixCharge> {
    return Promise.resolve({
      pixCode: pixBrCode({ key: 'sandbox@atende.local', value: request.value, txid: request.txid, merchantName: 'Atende Sandbox', merchantCity: 'Sao Paulo' }),
      qrImage: null,
      expiresAt: new Date(Date.now() + request.expiresInSeconds * 1000),
    });
  }
}
