// The session's copy of its company, kept in step with the company's events (the realtime dispatcher calls it):
// the session is the provider's, so this lives beside it and reads nothing of the query cache.
import type { components } from '../client';
import type { SessionStore, SessionUser } from './session-store';

type Schemas = components['schemas'];

/**
 * The session's copy of the company after it changed (a payment, '+ Vencimento', a plan change): the new due date (the top bar's 'Ativo até') and trial at once,
 * then the whole session again from GET /auth/me (the plan may have changed, with its features). Nothing for another
 * company (a super user looking at someone else's).
 */
export async function syncSessionCompany(store: SessionStore, readMe: () => Promise<SessionUser | undefined>, company: Schemas['CompanyDto']): Promise<void> {
  const user = store.get().user;
  if (!user || user.companyId !== company.id) return;
  const mine = user.company;
  // The same company as the session holds (an event repeated, a field the session does not carry): nothing to read.
  if (
    mine.dueDate === company.dueDate &&
    mine.trialExpiration === company.trialExpiration &&
    mine.status === company.status &&
    mine.plan?.id === company.planId
  ) {
    return;
  }
  store.setUser({ ...user, company: { ...user.company, dueDate: company.dueDate, trialExpiration: company.trialExpiration, status: company.status } });
  try {
    const fresh = await readMe();
    if (fresh && store.get().user?.id === fresh.id) store.setUser(fresh);
  } catch {
    // The patch above already shows the new due date; the next session read brings the rest.
  }
}
