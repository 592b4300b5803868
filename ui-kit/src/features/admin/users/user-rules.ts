import type { Schema } from '../../../client';
import { compose, emailRule, maxLength, minLength, optional, passwordRule, type Rule } from '../../../forms/validators';
import { can, type Me } from '../../../provider/session-rules';

export type User = Schema<'UserDto'>;
export type UserProfile = Schema<'Profile'>;
/** The spec's 'habilitado' / 'desabilitado' of createTicket, viewAllMessageTicket and automaticDistribution. */
export type UserToggle = Schema<'Toggle'>;

/** The three per-user permissions (spec administration §2), in the modal's order. */
export const USER_TOGGLE_FIELDS = ['createTicket', 'viewAllMessageTicket', 'automaticDistribution'] as const;
export type UserToggleField = (typeof USER_TOGGLE_FIELDS)[number];
export const USER_TOGGLES: readonly UserToggle[] = ['habilitado', 'desabilitado'];

/** The spec's profiles (§2: admin or user). A supervisor, which the API also knows, keeps its profile on edit. */
export const USER_PROFILES: readonly UserProfile[] = ['admin', 'user'];

/** The default connection select's 'no connection' choice. */
export const NO_CONNECTION = 'none';

/** The API's defaults for a new user (CreateUserDto): a user who may create tickets and nothing more. */
const NEW_USER = {
  profile: 'user',
  createTicket: 'habilitado',
  viewAllMessageTicket: 'desabilitado',
  automaticDistribution: 'desabilitado',
} as const satisfies Pick<User, 'profile' | UserToggleField>;

/** What the signed-in user may do on the users page (spec administration §6). */
export interface UserPermissions {
  /** users:write: add, and delete (not themselves). */
  canAdd: boolean;
  canDelete: boolean;
  /** users:write or user-modal:editQueues (a supervisor assigns queues): the edit button. */
  canEdit: boolean;
  /** users:write: the name, e-mail and password of another user (anyone may change their own). */
  canEditAccount: boolean;
  /** user-modal:editProfile: profile, default connection and the three permissions. */
  canEditProfile: boolean;
  /** user-modal:editQueues: the queue selection. */
  canEditQueues: boolean;
}

export function userPermissions(me: Pick<Me, 'permissions'> | undefined): UserPermissions {
  const write = can(me, 'users:write');
  const editQueues = can(me, 'user-modal:editQueues');
  return {
    canAdd: write,
    canDelete: write,
    canEdit: write || editQueues,
    canEditAccount: write,
    canEditProfile: can(me, 'user-modal:editProfile'),
    canEditQueues: editQueues,
  };
}

/** What the modal's controls hold: queue ids as the checkboxes' strings, the connection as a select key. */
export interface UserFormValues {
  name: string;
  email: string;
  /** Required on create; on edit, empty keeps the current password. */
  password: string;
  profile: UserProfile;
  queueIds: string[];
  /** A connection id, or NO_CONNECTION. */
  whatsappId: string;
  createTicket: UserToggle;
  viewAllMessageTicket: UserToggle;
  automaticDistribution: UserToggle;
  /** The partner's id for the user (partner sign-in names the user by it); '' for none. */
  externalId: string;
}

export function formValuesOf(user?: User | null): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? NEW_USER.profile,
    queueIds: (user?.queues ?? []).map((q) => String(q.id)),
    whatsappId: user?.whatsappId == null ? NO_CONNECTION : String(user.whatsappId),
    createTicket: user?.createTicket ?? NEW_USER.createTicket,
    viewAllMessageTicket: user?.viewAllMessageTicket ?? NEW_USER.viewAllMessageTicket,
    automaticDistribution: user?.automaticDistribution ?? NEW_USER.automaticDistribution,
    externalId: user?.externalId ?? '',
  };
}

/** Spec §5: the name 2-50 ('Too Short!', 'Too Long!', 'Required'); the trimmed text counts. */
export const userNameRule: Rule<unknown> = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'validation.requiredShort';
  return compose<unknown>(minLength(2), maxLength(50))(text);
};
/** The external id: optional, at most 255 characters (the API's limit). */
export const externalIdRule: Rule<unknown> = (value) => maxLength(255)(typeof value === 'string' ? value.trim() : '');
/** Spec §5: a valid e-mail ('Invalid email'), required. */
export const userEmailRule: Rule = emailRule;
/** Spec §5: 5-50, required when adding a user. */
export const newPasswordRule: Rule = passwordRule;
/** On edit the password may stay empty (unchanged); a new one is 5-50. */
export const changedPasswordRule: Rule = optional(passwordRule);

export type UserBody = Schema<'CreateUserDto'> & Schema<'UpdateUserDto'>;

/**
 * The body of POST /users (`create`) or PUT /users/fromCompany/{id} (`update`): only the fields the signed-in user may
 * set (the API refuses a change it does not allow, whole), the queues and connection as ids, the name and e-mail
 * trimmed (an empty external id as null). On update an empty password is left out (unchanged), and without `canEditAccount` (a supervisor changing
 * queues) so are the name and e-mail.
 */
export function userBody(values: UserFormValues, mode: 'create' | 'update', permissions: UserPermissions, self = false): UserBody {
  const body: Partial<UserBody> = {};
  if (mode === 'create' || permissions.canEditAccount || self) {
    body.name = values.name.trim();
    body.email = values.email.trim();
    if (mode === 'create' || values.password !== '') body.password = values.password;
  }
  if (permissions.canEditProfile) {
    body.profile = values.profile;
    body.whatsappId = values.whatsappId === NO_CONNECTION || values.whatsappId === '' ? null : Number(values.whatsappId);
    for (const field of USER_TOGGLE_FIELDS) body[field] = values[field];
    // Empty: none (null), as the API stores it.
    body.externalId = values.externalId.trim() || null;
  }
  if (permissions.canEditQueues) body.queueIds = values.queueIds.map(Number);
  return body as UserBody;
}

/** Spec §2 (queues as coloured chips): the user's queues in the order the company sorts them (by name when unknown). */
export function sortedQueues<Q extends { id: number; name: string }>(queues: Q[], order?: readonly { id: number }[]): Q[] {
  const position = new Map(order?.map((q, i) => [q.id, i]));
  return [...queues].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity) || a.name.localeCompare(b.name));
}

/** The plan's user limit, as far as the session knows it (the API decides: ERR_PLAN_LIMIT_REACHED). */
export interface PlanUsage {
  plan: string;
  limit: number;
  /** Users the company has (the unsearched list's count); undefined until it is known. */
  used?: number;
}

export function planUsageOf(me: Pick<Me, 'company'> | undefined, used?: number): PlanUsage | null {
  const plan = me?.company?.plan;
  if (!plan || typeof plan.users !== 'number') return null;
  return { plan: plan.name, limit: plan.users, used };
}

export const isPlanFull = (usage: PlanUsage | null | undefined): boolean => usage != null && usage.used !== undefined && usage.used >= usage.limit;
