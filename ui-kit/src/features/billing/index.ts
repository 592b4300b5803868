// The billing screens (spec back-office): the invoices page ('Faturas', /financeiro) with the checkout dialog (three
// steps, then the Pix view), and the subscription page ('Assinatura', /subscription), on the hooks of data/billing.ts.
export {
  STEP_FIELDS,
  canManageBilling,
  checkoutBody,
  checkoutFormValues,
  checkoutRules,
  estimateTotal,
  formatBrl,
  formatDay as formatBillingDay,
  invoiceDisplayStatus,
  isPayable,
  localToday as billingToday,
  oldestOpenInvoice,
  trialDaysLeft,
  type CheckoutFormValues,
  type Invoice,
  type InvoiceDisplayStatus,
  type PixCharge,
} from './billing-rules';
export { InvoicesView, type InvoicesViewProps } from './InvoicesView/InvoicesView';
export { Invoices, type InvoicesProps } from './Invoices/Invoices';
export { CheckoutDialog, CHECKOUT_STEPS, type CheckoutDialogProps, type CheckoutStep } from './CheckoutDialog/CheckoutDialog';
export { Checkout, RENEWAL_TOAST_MS, type CheckoutProps } from './Checkout/Checkout';
export { PixPayment, PIX_QR_SIZE, type PixPaymentProps } from './PixPayment/PixPayment';
export { SubscriptionView, type SubscriptionCompany, type SubscriptionViewProps } from './SubscriptionView/SubscriptionView';
export { Subscription, type SubscriptionProps } from './Subscription/Subscription';
export { billingTexts } from './billing.texts';
export {
  useCheckout,
  useInvoice,
  useInvoices,
  usePaymentEvent,
  useSandboxPay,
  type CheckoutBody,
  type InvoiceDto,
  type PaymentEvent,
  type PixCheckoutDto,
} from './data/billing';
export { byInvoiceDue, writeInvoice } from './data/invoice-cache';
export { billingRealtime } from './data/realtime';
