import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Statistics are re-read this often: they change with autovacuum's ANALYZE, not with each message. */
const REFRESH_MS = 10 * 60 * 1000;

/**
 * How common a search word is among all messages, read from PostgreSQL's own statistics of
 * `messages.search_vector` (the most common words and the share of messages holding each; the migration raises
 * the column's statistics target so about ten thousand words are tracked). A word that is not tracked is rarer
 * than every tracked one.
 *
 * Ticket search uses it to choose between walking the recent tickets (cheap for common words, hopeless for rare
 * ones) and asking the full-text index (cheap for rare words, seconds for common ones). The planner cannot make
 * that choice: it prices every prefix query (`word:*`) alike. The words are platform-wide figures used for this
 * choice only and never leave the process.
 */
@Injectable()
export class SearchStatisticsService {
  private cached: { at: number; words: Map<string, number> } | null = null;
  private loading: Promise<Map<string, number>> | null = null;

  constructor(private readonly em: EntityManager) {}

  /** The estimated share of messages holding every word (each as a prefix): at most the rarest word's share. */
  async shareOf(words: string[]): Promise<number> {
    const stats = await this.words();
    let share = 1;
    for (const word of words) {
      let sum = 0;
      for (const [lexeme, freq] of stats) if (lexeme.startsWith(word)) sum += freq;
      share = Math.min(share, sum);
    }
    return share;
  }

  /** Reads the statistics again on the next search (after an ANALYZE the caller ran). */
  forget(): void {
    this.cached = null;
  }

  private async words(): Promise<Map<string, number>> {
    if (this.cached && Date.now() - this.cached.at < REFRESH_MS) return this.cached.words;
    this.loading ??= this.read().finally(() => (this.loading = null));
    return this.loading;
  }

  private async read(): Promise<Map<string, number>> {
    const { rows } = await this.em.getKnex().raw<{ rows: { elems: string[] | null; freqs: number[] | null }[] }>(
      `select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
         from pg_stats where schemaname = current_schema() and tablename = 'messages' and attname = 'search_vector'`,
    );
    const words = new Map<string, number>();
    const row = rows[0];
    (row?.elems ?? []).forEach((lexeme, i) => words.set(lexeme, Number(row.freqs![i])));
    this.cached = { at: Date.now(), words };
    return words;
  }
}
