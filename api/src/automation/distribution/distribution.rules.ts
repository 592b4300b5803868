/**
 * Automatic distribution's decisions, as pure functions of plain values: the company's settings read as rules, and
 * which tickets wait for a person. The choice among the queue's users (fewest open tickets, then the longest wait
 * since their last distributed ticket, then the lowest id) is one SQL statement under the company lock, in
 * DistributionService. distribution.rules.spec.ts tests these in milliseconds.
 */

/** The distribution settings of a company, read once per call. */
export interface DistributionRules {
  enabled: boolean;
  /** Open tickets a user may hold before getting no more (0: no limit). */
  capacity: number;
  onlineOnly: boolean;
}

/** The settings AutomaticDistribution, NumberOfTickets (anything but a positive number: no limit) and UsersOnline. */
export function distributionRules(v: {
  AutomaticDistribution?: string | null;
  NumberOfTickets?: string | null;
  UsersOnline?: string | null;
}): DistributionRules {
  return {
    enabled: v.AutomaticDistribution === 'enabled',
    capacity: Math.max(0, Number(v.NumberOfTickets) || 0),
    onlineOnly: v.UsersOnline === 'enabled',
  };
}

/** A ticket people may be given: not a group's, and no integration or AI prompt answering it (its bot menu is checked apart). */
export const waitsForPeople = (ticket: { isGroup: boolean; useIntegration: boolean; promptId?: number | null }): boolean =>
  !ticket.isGroup && !ticket.useIntegration && !ticket.promptId;
