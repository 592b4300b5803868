import type { RealtimeModule } from '../../../../data/realtime';
import { writeCompany } from './company-cache';

/**
 * What the `company` channel's events do to the companies' queries; about the session's own company (a payment,
 * '+ Vencimento', a plan change) the session follows too (the scope's onCompany: the dispatcher's syncSessionCompany).
 */
export const companiesRealtime: RealtimeModule = {
  company: (event, { queryClient, onCompany }) => {
    writeCompany(queryClient, event.company);
    onCompany?.(event.company);
  },
};
