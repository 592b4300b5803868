import type { CompanyId } from '../../common/tenancy/company-id';
import type { InboundMessage } from '../../connection/providers/messaging-provider';
import type { MessageDto } from '../messages/dto/message.dto';
import type { StoredMedia } from '../messages/media-storage.service';
import { messageFromRow } from '../tickets/ticket-rows';
import type { MessageRow } from '../tickets/tickets.queries';
import { INGEST_BATCH_SQL } from './ingest.queries';
import { isOfficial } from '../../connection/whatsapps/whatsapp.entity';

export interface IngestResult {
  messageId: string;
  ticketId: number;
  created: boolean;
  message: MessageDto;
}

/** An inbound message ready to be written: its media stored, its contact's number and name worked out. */
export interface PreparedInbound {
  companyId: CompanyId;
  whatsappId: number;
  message: InboundMessage;
  stored: StoredMedia | null;
  number: string;
  contactName: string;
  body: string;
}

/** What the writer needs of a database connection: one query with positional ($n) parameters, optionally prepared by name. */
export interface IngestDb {
  query<R>(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/** `?` placeholders as PostgreSQL's `$n`, for statements sent straight to the driver. */
const positional = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const WRITE = positional(INGEST_BATCH_SQL.write);
const QUOTED = positional(INGEST_BATCH_SQL.quoted);
const PROVIDERS = positional(INGEST_BATCH_SQL.providers);

type WrittenRow = MessageRow & { ord: string | number; ticket_created: boolean };

/**
 * Writes one batch with one statement (INGEST_BATCH_SQL.write): duplicates skipped (idempotent on connection and
 * provider id), contacts upserted, the active ticket found or a pending one opened with its attendance cycle, messages
 * inserted in arrival order, the official API's window opened, ticket counters raised. The statement is atomic, so
 * everything it answered is committed when it resolves. Answers one result per item (null for a duplicate).
 */
export async function writeInboundBatch(db: IngestDb, items: PreparedInbound[]): Promise<(IngestResult | null)[]> {
  // The official API's window: a customer's message opens (or extends) it, in the same statement.
  const official = await officialConnections(
    db,
    items.filter((i) => !i.message.fromMe && !i.message.isGroup).map((i) => i.whatsappId),
  );
  const n = items.length;
  const cid = new Array<number>(n);
  const w = new Array<number>(n);
  const pid = new Array<string>(n);
  const num = new Array<string>(n);
  const cname = new Array<string>(n);
  const grp = new Array<boolean>(n);
  const body = new Array<string>(n);
  const fm = new Array<boolean>(n);
  const mt = new Array<string>(n);
  const mp = new Array<string | null>(n);
  const mn = new Array<string | null>(n);
  const dj = new Array<string | null>(n);
  const qp = new Array<string | null>(n);
  const pt = new Array<string | null>(n);
  const ts = new Array<string>(n);
  const last = new Array<string>(n);
  const win = new Array<boolean>(n);
  for (let k = 0; k < n; k++) {
    const i = items[k];
    const m = i.message;
    cid[k] = i.companyId;
    w[k] = i.whatsappId;
    pid[k] = m.providerId;
    num[k] = i.number;
    cname[k] = i.contactName;
    grp[k] = m.isGroup;
    body[k] = i.body;
    fm[k] = m.fromMe;
    mt[k] = m.type;
    mp[k] = i.stored?.path ?? null;
    mn[k] = m.media ? (m.media.filename ?? null) : null;
    dj[k] = m.dataJson ? JSON.stringify(m.dataJson) : null;
    qp[k] = m.quotedProviderId ?? null;
    pt[k] = m.participant ?? null;
    ts[k] = m.timestamp.toISOString();
    last[k] = preview(m, i.body);
    win[k] = !m.fromMe && !m.isGroup && official.has(i.whatsappId);
  }
  // Unnamed: planned for this batch's arrays (about 2 ms), as a batch holds 1 to 500 messages. Named, its generic plan
  // measured no faster (64 messages on 200 tickets: 20-25 ms either way, loaded machine).
  const { rows } = await db.query<WrittenRow>({
    text: WRITE,
    values: [cid, w, pid, num, cname, grp, body, fm, mt, mp, mn, dj, qp, pt, ts, last, win],
  });
  const quoted = await loadQuoted(db, rows);
  const results: (IngestResult | null)[] = new Array<IngestResult | null>(n).fill(null);
  for (const row of rows) {
    const message = messageFromRow(row, quoted);
    results[Number(row.ord) - 1] = { messageId: message.id, ticketId: row.ticket_id, created: row.ticket_created, message };
  }
  return results;
}

/**
 * Whether each connection is an official one, read once per process (a connection's provider never changes:
 * WhatsappsService refuses it), so a QR-code connection's batches cost no extra statement.
 */
const officialById = new Map<number, boolean>();

async function officialConnections(db: IngestDb, ids: number[]): Promise<Set<number>> {
  const unknown = [...new Set(ids.filter((id) => !officialById.has(id)))];
  if (unknown.length) {
    const { rows } = await db.query<{ id: number; provider: string }>({ text: PROVIDERS, values: [unknown] });
    for (const r of rows) officialById.set(r.id, isOfficial(r.provider));
  }
  return new Set(ids.filter((id) => officialById.get(id)));
}

function preview(m: InboundMessage, body: string): string {
  if (body) return body.slice(0, 255);
  return `[${m.type}]`;
}

/** The messages the batch's messages quote, by id (ids the writer resolved within each message's own company). */
async function loadQuoted(db: IngestDb, rows: MessageRow[]): Promise<Map<string, MessageRow>> {
  const ids = [
    ...new Set(
      rows
        .map((r) => r.quoted_msg_id)
        .filter((id) => id != null)
        .map(String),
    ),
  ];
  if (!ids.length) return new Map();
  const { rows: quoted } = await db.query<MessageRow>({ text: QUOTED, values: [ids] });
  return new Map(quoted.map((q) => [String(q.id), q]));
}
