import type { CompanyId } from '../../../common/tenancy/company-id';
import type { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../../common/tenancy/tenant-filter';
import { tenantSql } from '../../../common/tenancy/tenant-sql';
import { clearAll, clearBut, clearTypes, deleteKeys, readMany, readOne, upsertKeys } from './baileys.queries';
import type { AuthenticationCreds, AuthenticationState, BaileysModule, SignalDataSet, SignalDataTypeMap, SignalKeyStore } from './baileys-types';
import { CREDS_TYPE } from './whatsapp-auth-key.entity';

/** What the store needs of Baileys: its JSON encoding of buffers, fresh credentials, and the app-state key's protobuf. */
export type AuthStoreLib = Pick<BaileysModule, 'BufferJSON' | 'initAuthCreds'> & {
  proto: { Message: { AppStateSyncKeyData: { fromObject(value: Record<string, unknown>): unknown } } };
};

/** The Signal keys dropped when WhatsApp reports a bad session: the per-contact sessions, rebuilt on the next message. */
export const SESSION_KEY_TYPES = ['session', 'sender-key', 'sender-key-memory'] as const;

const CREDS_ID = '';

/**
 * A WhatsApp connection's auth state in PostgreSQL (`whatsapp_auth_keys`), one row per key. Baileys' `keys.set`
 * batches become one upsert and one delete, in one transaction; `creds.update` rewrites only the creds row. The
 * writes of one connection are chained, so they reach the database in the order Baileys made them, and each call
 * resolves once its own write is stored (Baileys awaits them). Reads wait for the writes before them. Every
 * statement names the company (tenantSql).
 */
export class BaileysAuthStore {
  /** The tail of each connection's write chain in this process. */
  private readonly chains = new Map<number, Promise<void>>();

  constructor(private readonly em: EntityManager) {}

  /** The store of one connection's state. */
  open(companyId: CompanyId, whatsappId: number, lib: AuthStoreLib): ConnectionAuthStore {
    return new ConnectionAuthStore(this, this.em, lib, companyId, whatsappId);
  }

  /** Deletes the connection's whole auth state (logged out, or a new QR code asked for): after its pending writes. */
  clear(companyId: CompanyId, whatsappId: number): Promise<void> {
    return this.enqueue(whatsappId, () => clearAll(this.sql(companyId), whatsappId));
  }

  /** Runs `write` after every write queued before it for this connection; the chain survives a failed write. */
  enqueue(whatsappId: number, write: () => Promise<unknown>): Promise<void> {
    const run = (this.chains.get(whatsappId) ?? Promise.resolve()).then(() => write()).then(() => undefined);
    const tail = run.catch(() => undefined);
    this.chains.set(whatsappId, tail);
    void tail.then(() => {
      if (this.chains.get(whatsappId) === tail) this.chains.delete(whatsappId);
    });
    return run;
  }

  /** Resolves once every write queued so far for the connection has been stored (or has failed). */
  settled(whatsappId: number): Promise<void> {
    return this.chains.get(whatsappId) ?? Promise.resolve();
  }

  sql(companyId: CompanyId, em: EntityManager = forkForCompany(this.em, companyId)) {
    return tenantSql(em, companyId);
  }
}

export class ConnectionAuthStore {
  private closed = false;

  constructor(
    private readonly store: BaileysAuthStore,
    private readonly em: EntityManager,
    private readonly lib: AuthStoreLib,
    readonly companyId: CompanyId,
    readonly whatsappId: number,
  ) {}

  /** Baileys' auth state: the stored credentials (fresh ones when there are none) and the key store. */
  async load(): Promise<{ state: AuthenticationState; saveCreds: () => Promise<void> }> {
    await this.store.settled(this.whatsappId);
    const stored = await readOne(this.store.sql(this.companyId), this.whatsappId, CREDS_TYPE, CREDS_ID);
    const creds = stored !== null ? (this.decode(stored) as AuthenticationCreds) : this.lib.initAuthCreds();
    return { state: { creds, keys: this.keys }, saveCreds: () => this.saveCreds(creds) };
  }

  /** Stores the credentials' current value as one row. */
  saveCreds(creds: AuthenticationCreds): Promise<void> {
    return this.write([{ type: CREDS_TYPE, id: CREDS_ID, value: this.encode(creds) }], []);
  }

  readonly keys: SignalKeyStore = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]): Promise<{ [id: string]: SignalDataTypeMap[T] }> => {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      if (!ids.length) return out;
      await this.store.settled(this.whatsappId);
      const rows = await readMany(this.store.sql(this.companyId), this.whatsappId, type, ids);
      for (const r of rows) {
        let value = this.decode(r.value);
        if (type === 'app-state-sync-key' && value) value = this.lib.proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
        out[r.key_id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    set: (data: SignalDataSet): Promise<void> => {
      const upserts: { type: string; id: string; value: string }[] = [];
      const deletes: { type: string; id: string }[] = [];
      for (const type of Object.keys(data) as (keyof SignalDataTypeMap)[]) {
        for (const [id, value] of Object.entries(data[type] ?? {})) {
          if (value === null || value === undefined) deletes.push({ type, id });
          else upserts.push({ type, id, value: this.encode(value) });
        }
      }
      return this.write(upserts, deletes);
    },
    clear: (): Promise<void> => this.store.enqueue(this.whatsappId, () => clearBut(this.store.sql(this.companyId), this.whatsappId, CREDS_TYPE)),
  };

  /** Deletes the keys of the given types (the credentials and the other keys stay). */
  clearTypes(types: readonly string[]): Promise<void> {
    return this.store.enqueue(this.whatsappId, () => clearTypes(this.store.sql(this.companyId), this.whatsappId, [...types]));
  }

  /** Waits for this connection's queued writes. */
  flush(): Promise<void> {
    return this.store.settled(this.whatsappId);
  }

  /** Writes asked for after this are dropped: the socket that makes them is gone (and the state may be cleared next). */
  close(): void {
    this.closed = true;
  }

  /** One transaction: one upsert of the changed keys and one delete of the removed ones. */
  private write(upserts: { type: string; id: string; value: string }[], deletes: { type: string; id: string }[]): Promise<void> {
    if (this.closed || (!upserts.length && !deletes.length)) return Promise.resolve();
    return this.store.enqueue(this.whatsappId, () =>
      forkForCompany(this.em, this.companyId).transactional(async (em) => {
        const sql = this.store.sql(this.companyId, em);
        if (upserts.length) await upsertKeys(sql, this.whatsappId, upserts);
        if (deletes.length) await deleteKeys(sql, this.whatsappId, deletes);
      }),
    );
  }

  private encode(value: unknown): string {
    return JSON.stringify(value, this.lib.BufferJSON.replacer);
  }

  private decode(text: string): unknown {
    return JSON.parse(text, this.lib.BufferJSON.reviver) as unknown;
  }
}
