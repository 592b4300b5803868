import type { Profile } from './vocabulary';
import { PLAN_FLAGS, PlanFeature } from './vocabulary';

export interface PermissionSubject {
  profile: Profile;
  super: boolean;
}

const anyone = () => true;
const admin = (s: PermissionSubject) => s.profile === 'admin';
const adminOrSupervisor = (s: PermissionSubject) => s.profile === 'admin' || s.profile === 'supervisor';
const superUser = (s: PermissionSubject) => s.super;

/**
 * The one definition of every named check. The UI reads the computed list from /auth/me;
 * routes name the check they need in @Endpoint, and the guard enforces the same rule.
 * The spec's named checks keep their names (`user-modal:editProfile`, ...); the rest follow `area:action`.
 */
export const PERMISSION_RULES = {
  // everyone signed in
  'session:self': anyone,
  'users:read': anyone,
  'queues:read': anyone,
  'settings:read': anyone,
  'plans:read': anyone,
  /** The platform's help videos (changed by super users: helps:manage). */
  'helps:read': anyone,
  'company:read-own': anyone,
  // the spec's named checks
  'user-modal:editProfile': admin,
  'user-modal:editQueues': adminOrSupervisor,
  'tickets-manager:showall': adminOrSupervisor,
  'ticket-options:deleteTicket': admin,
  'contacts-page:deleteContact': admin,
  'connections-page:addConnection': admin,
  'connections-page:actionButtons': admin,
  'connections-page:editOrDeleteConnection': admin,
  'drawer-admin-items:view': admin,
  'dashboard:view': adminOrSupervisor,
  'tags:kanban': adminOrSupervisor,
  // company administration
  /** Sees connections' QR codes (whoever scans one owns the company's WhatsApp account) and manages connections. */
  'connections:manage': admin,
  /** Reads secret settings (integration credentials), over HTTP and in realtime events. */
  'settings:read-secrets': admin,
  'users:write': admin,
  'queues:write': admin,
  'settings:write': admin,
  /** The company's invoices ('Financeiro') and paying them (the checkout). */
  'billing:manage': admin,
  /** The company's holidays (reading them too: they are settings, on the admins' settings page). */
  'holidays:manage': admin,
  /** Mass sending: campaigns, their settings and report, contact lists and their items, file lists. */
  'campaigns:manage': admin,
  /** AI prompts and queue integrations (their credentials included): what answers customers before people do. */
  'automation:manage': admin,
  /** Embed keys: partners' servers sign their widgets' sign-ins with them (never from an embed session itself). */
  'embed-keys:manage': admin,
  /** The audit log: a company admin reads their company's, a super user everyone's. */
  'audit:read': (s: PermissionSubject) => s.profile === 'admin' || s.super,
  // super users
  'companies:manage': superUser,
  'plans:manage': superUser,
  'helps:manage': superUser,
  'announcements:manage': superUser,
  'users:impersonate': superUser,
  /** Drives the sandbox phone network (outside production only). */
  'sandbox:drive': superUser,
} satisfies Record<string, (s: PermissionSubject) => boolean>;

export type Permission = keyof typeof PERMISSION_RULES;
export const PERMISSIONS = Object.keys(PERMISSION_RULES) as Permission[];

export function computePermissions(subject: PermissionSubject): Permission[] {
  return PERMISSIONS.filter((name) => PERMISSION_RULES[name](subject));
}

export type PlanFeatures = Record<PlanFeature, boolean>;
export const PLAN_FEATURES: PlanFeature[] = [...PLAN_FLAGS, 'whiteLabel'];

export function planFeatures(plan: Partial<Record<PlanFeature, boolean>>): PlanFeatures {
  return Object.fromEntries(PLAN_FEATURES.map((f) => [f, Boolean(plan[f])])) as PlanFeatures;
}
