import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SandboxInboxMessage } from './sandbox-network';

/** One change to the phones' inboxes, as a line of the journal. */
export type SandboxJournalEntry =
  | { k: 'deliver'; to: string; m: Omit<SandboxInboxMessage, 'receivedAt'> & { receivedAt: string } }
  | { k: 'ack'; to: string; w: number; id: string; ack: number }
  | { k: 'edit'; to: string; w: number; id: string; body: string }
  | { k: 'delete'; to: string; w: number; id: string }
  /** A phone wrote to a connection at `at` (or its last message was aged to then): the official API's window. */
  | { k: 'inbound'; from: string; w: number; at: string };

/**
 * One connection's deliveries on disk, so a phone's inbox outlives the process as a real phone's does: an
 * append-only JSONL file, each change written with one `write` before the network answers the connection (a
 * `kill -9` right after loses nothing; a machine crash may lose the last lines, as no fsync is made per line).
 * Rewritten as the connection's current messages (one line per message) when the process taking the connection's
 * session reads it (SandboxNetwork.attach) and whenever it has grown past its bound, so its size follows what the
 * inboxes hold. Only the process running the connection's session writes its file (SandboxJournals).
 */
export class SandboxJournal {
  private fd: number | undefined;
  private lines = 0;
  /** Lines past which `append` asks for a compaction: maxLines, or twice what the last compaction wrote. */
  private limit: number;

  constructor(
    readonly file: string,
    readonly maxLines = 100_000,
  ) {
    this.limit = maxLines;
  }

  /** Every entry written so far; a torn last line (the process died mid-write) is skipped. */
  read(): SandboxJournalEntry[] {
    if (!existsSync(this.file)) return [];
    const entries: SandboxJournalEntry[] = [];
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        entries.push(JSON.parse(line) as SandboxJournalEntry);
      } catch {
        // a line cut short by a crash: the change it held never reached its phone's answer
      }
    }
    return entries;
  }

  /**
   * Appends one change; answers false once the journal has grown past its bound (time to `rewrite` it): `maxLines`,
   * or twice the lines of the last rewrite, so the file stays within twice what the inboxes hold.
   */
  append(entry: SandboxJournalEntry): boolean {
    this.fd ??= this.open('a');
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    this.lines += 1;
    return this.lines <= this.limit;
  }

  /** Replaces the journal with these entries (the current state), atomically: a new file renamed over the old one. */
  rewrite(entries: SandboxJournalEntry[]): void {
    const tmp = `${this.file}.tmp`;
    mkdirSync(dirname(this.file), { recursive: true });
    const fd = openSync(tmp, 'w', 0o600);
    try {
      const chunk: string[] = [];
      for (const e of entries) {
        chunk.push(JSON.stringify(e));
        if (chunk.length === 1000) writeSync(fd, `${chunk.splice(0).join('\n')}\n`);
      }
      if (chunk.length) writeSync(fd, `${chunk.join('\n')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.close();
    renameSync(tmp, this.file);
    this.lines = entries.length;
    this.limit = Math.max(this.maxLines, 2 * entries.length);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(flags: string): number {
    mkdirSync(dirname(this.file), { recursive: true });
    return openSync(this.file, flags, 0o600);
  }
}

/**
 * The sandbox network's journal: one file per connection under `<DATA_DIR>/sandbox/connections/<id>.jsonl`. The
 * processes of one deployment share the data folder (API processes and workers), and a connection's session runs on
 * one of them at a time (its lease): that process alone appends to and rewrites the connection's file, so no process
 * ever rewrites a file another is appending to. Every process reads them all: the phones' inboxes are the whole
 * network's, whichever process delivered each message (SandboxNetwork.refresh). A journal from before the split
 * (`<DATA_DIR>/sandbox/deliveries.jsonl`, one file for a single process) is read first and never written again.
 */
export class SandboxJournals {
  private readonly files = new Map<number, SandboxJournal>();

  constructor(
    readonly dir: string,
    readonly maxLines = 100_000,
  ) {}

  /** The journal of one connection. */
  of(whatsappId: number): SandboxJournal {
    let journal = this.files.get(whatsappId);
    if (!journal) this.files.set(whatsappId, (journal = new SandboxJournal(join(this.dir, 'connections', `${whatsappId}.jsonl`), this.maxLines)));
    return journal;
  }

  /** Every connection's entries as the files hold them now, each file in its own order. */
  readAll(): SandboxJournalEntry[] {
    const entries = new SandboxJournal(join(this.dir, 'deliveries.jsonl')).read();
    const folder = join(this.dir, 'connections');
    if (!existsSync(folder)) return entries;
    for (const name of readdirSync(folder)) {
      const id = /^(\d+)\.jsonl$/.exec(name)?.[1];
      if (id) entries.push(...this.of(Number(id)).read());
    }
    return entries;
  }

  close(): void {
    for (const journal of this.files.values()) journal.close();
  }
}
