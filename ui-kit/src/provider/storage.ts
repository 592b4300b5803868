/** The part of the Web Storage API the kit uses; window.localStorage by default, injectable for tests and hosts. */
export interface KitStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage that lives in memory only: for tests, server rendering and hosts that must not persist. */
export function createMemoryStorage(initial: Record<string, string> = {}): KitStorage & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    dump: () => Object.fromEntries(data),
  };
}

/** window.localStorage when there is one (and it answers), else memory. */
export function defaultStorage(): KitStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Storage access can throw (privacy modes, sandboxed frames).
  }
  return createMemoryStorage();
}

/** Reads and writes keys under a prefix, tolerating storage that throws or holds bad JSON. */
export class PrefixedStore {
  constructor(
    private readonly storage: KitStorage,
    private readonly prefix: string,
  ) {}

  key(name: string): string {
    return `${this.prefix}${name}`;
  }

  get(name: string): string | null {
    try {
      return this.storage.getItem(this.key(name));
    } catch {
      return null;
    }
  }

  set(name: string, value: string | null): void {
    try {
      if (value === null) this.storage.removeItem(this.key(name));
      else this.storage.setItem(this.key(name), value);
    } catch {
      // A full or blocked storage must not break the session in memory.
    }
  }

  getJson<T>(name: string): T | null {
    const raw = this.get(name);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  }

  setJson(name: string, value: unknown): void {
    this.set(name, value === null || value === undefined ? null : JSON.stringify(value));
  }
}
