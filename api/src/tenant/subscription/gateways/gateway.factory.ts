import { readFileSync } from 'node:fs';
import { ConfigError, type BillingConfig } from '../../../config/app-config';
import { EfiGateway } from './efi.gateway';
import type { PaymentGateway } from './payment-gateway';
import { SandboxGateway } from './sandbox.gateway';

/** The gateway PAYMENT_GATEWAY names, or null ('none': the checkout answers ERR_PAYMENT_GATEWAY_NOT_CONFIGURED). */
export function createPaymentGateway(billing: BillingConfig): PaymentGateway | null {
  if (billing.gateway === 'sandbox') return new SandboxGateway();
  if (billing.gateway !== 'efi' || !billing.efi) return null;
  const { certificatePath, ...efi } = billing.efi;
  let certificate: Buffer | undefined;
  if (certificatePath) {
    try {
      certificate = readFileSync(certificatePath);
    } catch (e) {
      throw new ConfigError(`EFI_CERT_PATH: the certificate could not be read (${(e as Error).message})`);
    }
  }
  return new EfiGateway({ ...efi, certificate });
}
