/**
 * Where Pix charges are opened and whose notices say they were paid. Two implementations: `efi` (Efí Bank's Pix
 * API, the real one) and `sandbox` (in-process, outside production, paid from the checkout's own 'simulate' call).
 * Amounts are BRL strings with two decimals ('149.90'), as the Pix API takes them.
 */
export interface PixChargeRequest {
  /** Ours, 26-35 letters and digits: the gateway keys the charge by it. */
  txid: string;
  value: string;
  expiresInSeconds: number;
  /** Shown to the payer in their bank app. */
  description: string;
  payerName: string;
}

export interface OpenedPixCharge {
  /** The Pix 'copia e cola' (BR Code). */
  pixCode: string;
  /** A PNG data URL of the QR code, when the gateway gives one. */
  qrImage: string | null;
  expiresAt: Date;
}

/** One payment a gateway reports: which charge, how much, and the Pix end-to-end id. */
export interface PixPaymentNotice {
  txid: string;
  value: string;
  endToEndId: string;
  paidAt: Date;
}

export type PaymentGatewayName = 'efi' | 'sandbox';

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  openCharge(request: PixChargeRequest): Promise<OpenedPixCharge>;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
