import type { Schema } from '../client';
import type { PrefixedStore } from './storage';

export type SessionUser = Schema<'SessionUserDto'>;

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** A super user acting as this user: the forced-logout rule does not apply. */
  impersonated: boolean;
}

/** What login, refresh and impersonation answer ({ token, user }), plus the flag. */
export interface SessionInput {
  token: string;
  user: SessionUser;
  impersonated?: boolean;
}

const EMPTY: SessionState = { token: null, user: null, impersonated: false };

/**
 * The session of one provider: token, user and the impersonated flag, kept in that provider's
 * storage (keys token, user, impersonated, companyId under its prefix). A tiny external store
 * for useSyncExternalStore; nothing module-level, so two providers never share a session.
 */
export class SessionStore {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();

  /**
   * `persist: false` keeps token and user in memory only (an embed session from `getToken`: a new page asks the
   * partner again rather than leaving a token in the host's storage).
   */
  constructor(
    private readonly store: PrefixedStore,
    private readonly options: { persist?: boolean } = {},
  ) {
    const token = this.persists ? store.getJson<string>('token') : null;
    const user = this.persists ? store.getJson<SessionUser>('user') : null;
    this.state =
      token && typeof token === 'string' && user && typeof user === 'object' ? { token, user, impersonated: store.get('impersonated') === 'true' } : EMPTY;
  }

  private get persists(): boolean {
    return this.options.persist !== false;
  }

  get = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The provider's storage (its key prefix applied): small per-user preferences kept beside the session (the announcements bell's seen list). */
  storage(): PrefixedStore {
    return this.store;
  }

  /** The company last seen in this storage: the login page keeps its brand after a logout. */
  lastCompanyId(): number | null {
    const id = Number(this.store.get('companyId'));
    return Number.isInteger(id) && id > 0 ? id : null;
  }

  set(input: SessionInput | null): void {
    if (!input) return this.clear();
    const impersonated = input.impersonated ?? Boolean(input.user.impersonatorId);
    if (this.persists) {
      this.store.setJson('token', input.token);
      this.store.setJson('user', input.user);
      this.store.set('impersonated', impersonated ? 'true' : null);
    }
    this.store.set('companyId', String(input.user.companyId));
    this.emit({ token: input.token, user: input.user, impersonated });
  }

  setUser(user: SessionUser): void {
    if (!this.state.token) return;
    if (this.persists) this.store.setJson('user', user);
    this.emit({ ...this.state, user });
  }

  clear(): void {
    this.store.set('token', null);
    this.store.set('user', null);
    this.store.set('impersonated', null);
    if (this.state !== EMPTY) this.emit(EMPTY);
  }

  private emit(next: SessionState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}
