/**
 * The shared vocabulary of the platform that the guard, the permission table and the entities all speak.
 * It lives in common so common never imports a domain module; the entities take their value lists from here.
 */

/** A user's profile within their company. */
export const PROFILES = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof PROFILES)[number];

/** The plan's on/off features (one boolean column each on plans). */
export const PLAN_FLAGS = ['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations'] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
/** The plan features a route can be gated on: the seven use* flags and whiteLabel. */
export type PlanFeature = PlanFlag | 'whiteLabel';
