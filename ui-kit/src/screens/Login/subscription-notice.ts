import type { MessageKey, MessageVars } from '../../i18n';

export interface SubscriptionNotice {
  kind: 'success' | 'warning';
  key: MessageKey;
  vars?: MessageVars;
}

const DAY_MS = 86_400_000;
/** Spec: a warning when fewer than 5 days remain. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

/**
 * The toast of spec administration §2 at login: the due date (a calendar date) against today in
 * the browser's calendar. Passed: 'Sua assinatura venceu há N dia(s)'; fewer than 5 days left:
 * 'Sua assinatura vence em N dia(s)'; otherwise the login success toast.
 */
export function subscriptionNotice(dueDate: string | null | undefined, now: Date = new Date()): SubscriptionNotice {
  const due = dueDate ? Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`) : NaN;
  if (Number.isNaN(due)) return { kind: 'success', key: 'session.loginSuccess' };
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((due - today) / DAY_MS);
  if (days < 0) return { kind: 'warning', key: 'session.subscriptionExpired', vars: { count: -days } };
  if (days < SUBSCRIPTION_WARNING_DAYS) return { kind: 'warning', key: 'session.subscriptionEnding', vars: { count: days } };
  return { kind: 'success', key: 'session.loginSuccess' };
}
