import { Invoices } from '@atende/ui-kit';
import { useHomeAfterPayment } from './home-after-payment';
import './FinanceiroPage.css';

/** /financeiro (spec back-office, 'Faturas'): the kit's invoices page with its checkout; home 4 s after a payment. */
export function FinanceiroPage() {
  const goHome = useHomeAfterPayment();
  return (
    <div className="console-financeiro">
      <Invoices headingLevel={1} onPaid={goHome} subscriptionHref="/subscription" />
    </div>
  );
}
