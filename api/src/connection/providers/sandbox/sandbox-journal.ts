import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SandboxInboxMessage } from './sandbox-network';

/** One change to the phones' inboxes, as a line of the journal. */
export type SandboxJournalEntry =
  | { k: 'deliver'; to: string; m: Omit<SandboxInboxMessage, 'receivedAt'> & { receivedAt: string } }
  | { k: 'ack'; to: string; w: number; id: string; ack: number }
  | { k: 'edit'; to: string; w: number; id: string; body: string }
  | { k: 'delete'; to: string; w: number; id: string };

/**
 * The sandbox network's deliveries on disk, so a phone's inbox outlives the process as a real phone's does:
 * an append-only JSONL file (`<DATA_DIR>/sandbox/deliveries.jsonl`), each change written with one `write` before
 * the network answers the connection (a `kill -9` right after loses nothing; a machine crash may lose the last
 * lines, as no fsync is made per line). Read back on start; rewritten as the current inboxes (one line per
 * message) at start and whenever it has grown past its bound, so its size follows what the inboxes hold.
 * One process per data folder: two processes sharing one would overwrite each other's compactions.
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
