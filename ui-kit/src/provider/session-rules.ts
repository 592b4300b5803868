import type { components } from '../client';

type Schemas = components['schemas'];
export type Me = Schemas['SessionUserDto'];
export type Permission = Schemas['Permission'];

/**
 * What the signed-in user may do, as pure functions over the session's user (GET /auth/me): every feature asks
 * these, so they live with the session, not in a feature. The server enforces the same rules; these decide what
 * the screens offer.
 */

/** The company's settings as a map (GET /auth/me carries them; non-admins see secret values blank). */
export function settingsOf(me: Pick<Me, 'company'> | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of me?.company.settings ?? []) map[key] = value;
  return map;
}

export const isAdmin = (me: Pick<Me, 'profile'> | undefined): boolean => me?.profile === 'admin';
export const can = (me: Pick<Me, 'permissions'> | undefined, permission: Permission): boolean => !!me?.permissions.includes(permission);

/** Spec §6: the new-ticket button needs createTicket 'habilitado'. */
export const canCreateTicket = (me: Pick<Me, 'createTicket'> | undefined): boolean => me?.createTicket === 'habilitado';
