import type { Permission } from '../../common/access/permissions';
import type { CreateUserDto, UpdateUserDto } from './dto/create-user.dto';

/**
 * Who may change what of a user, as pure functions of plain values: UsersService reads the user and the caller's
 * permissions, then calls these; users.rules.spec.ts tests them in milliseconds.
 */

/** The caller's permissions, asked one at a time (`can(ctx, p)` in a service). */
export type May = (permission: Permission) => boolean;

/** Fields that need `user-modal:editProfile` to be given a value other than the current (or default) one. */
export const PROFILE_FIELDS = ['profile', 'whatsappId', 'createTicket', 'viewAllMessageTicket', 'automaticDistribution', 'externalId'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
export const CREATE_DEFAULTS: Record<ProfileField, unknown> = {
  profile: 'user',
  whatsappId: null,
  createTicket: 'habilitado',
  viewAllMessageTicket: 'desabilitado',
  automaticDistribution: 'desabilitado',
  // Maps the user to a partner's id, by which an embed key's tokens sign them in: an admin's decision.
  externalId: null,
};

/** The fields of a new user the caller may not set: super always; profile-like fields off their defaults; queues. */
export function refusedOnCreate(dto: Pick<CreateUserDto, ProfileField | 'super' | 'queueIds'>, may: May): string[] {
  const refused: string[] = [];
  if (dto.super) refused.push('super');
  if (!may('user-modal:editProfile')) {
    for (const f of PROFILE_FIELDS) if (dto[f] !== undefined && (dto[f] ?? null) !== CREATE_DEFAULTS[f]) refused.push(f);
  }
  if (dto.queueIds?.length && !may('user-modal:editQueues')) refused.push('queueIds');
  return refused;
}

/** The same ids in any order. */
export const sameIds = (a: number[], b: number[]): boolean => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** A user as an update compares it. */
export interface UserFields {
  name: string;
  email: string;
  allTicket: string;
  profile: string;
  whatsappId?: number | null;
  createTicket: string;
  viewAllMessageTicket: string;
  automaticDistribution: string;
  externalId?: string | null;
  queueIds: number[];
  super: boolean;
}

/** Which fields an update changes: a field sent unchanged is no change, an empty or null password none either. */
export function changedFields(user: UserFields, dto: UpdateUserDto) {
  return {
    name: dto.name !== undefined && dto.name !== user.name,
    email: dto.email !== undefined && dto.email !== user.email,
    password: typeof dto.password === 'string' && dto.password !== '',
    allTicket: dto.allTicket !== undefined && dto.allTicket !== user.allTicket,
    profile: dto.profile !== undefined && dto.profile !== user.profile,
    whatsappId: dto.whatsappId !== undefined && (dto.whatsappId ?? null) !== (user.whatsappId ?? null),
    createTicket: dto.createTicket !== undefined && dto.createTicket !== user.createTicket,
    viewAllMessageTicket: dto.viewAllMessageTicket !== undefined && dto.viewAllMessageTicket !== user.viewAllMessageTicket,
    automaticDistribution: dto.automaticDistribution !== undefined && dto.automaticDistribution !== user.automaticDistribution,
    externalId: dto.externalId !== undefined && (dto.externalId ?? null) !== (user.externalId ?? null),
    queueIds: dto.queueIds !== undefined && !sameIds(dto.queueIds, user.queueIds),
    super: dto.super !== undefined && dto.super !== user.super,
  };
}
export type ChangedFields = ReturnType<typeof changedFields>;

/**
 * The changed fields the caller may not make: anyone their own name, e-mail, password and allTicket, `users:write`
 * those of others; profile-like fields need `user-modal:editProfile`, queues `user-modal:editQueues`; super never.
 */
export function refusedOnUpdate(changed: ChangedFields, self: boolean, may: May): string[] {
  const allowed: Record<keyof ChangedFields, boolean> = {
    name: self || may('users:write'),
    email: self || may('users:write'),
    password: self || may('users:write'),
    allTicket: self || may('users:write'),
    profile: may('user-modal:editProfile'),
    whatsappId: may('user-modal:editProfile'),
    createTicket: may('user-modal:editProfile'),
    viewAllMessageTicket: may('user-modal:editProfile'),
    automaticDistribution: may('user-modal:editProfile'),
    externalId: may('user-modal:editProfile'),
    queueIds: may('user-modal:editQueues'),
    super: false,
  };
  return (Object.keys(changed) as (keyof ChangedFields)[]).filter((f) => changed[f] && !allowed[f]);
}

/** A new password or profile ends the user's sessions. */
export const endsSessions = (changed: Pick<ChangedFields, 'password' | 'profile'>): boolean => changed.password || changed.profile;

/** A bulk queue action's result from the user's current queues: add (each once) or remove the given ones. */
export function bulkQueueIds(action: 'addQueues' | 'removeQueues', current: number[], given: number[]): number[] {
  return action === 'addQueues' ? [...new Set([...current, ...given])] : current.filter((q) => !given.includes(q));
}
