import { Subscription } from '@atende/ui-kit';
import { useHomeAfterPayment } from './home-after-payment';
import './FinanceiroPage.css';

/** /subscription (spec back-office, 'Assinatura'): the kit's subscription page; 'Assine Agora!' opens the checkout; home 4 s after a payment. */
export function SubscriptionPage() {
  const goHome = useHomeAfterPayment();
  return (
    <div className="console-financeiro">
      <Subscription headingLevel={1} invoicesHref="/financeiro" onPaid={goHome} />
    </div>
  );
}
