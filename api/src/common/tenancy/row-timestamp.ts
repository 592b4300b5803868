/**
 * Timestamps of raw rows, cheap to answer. The pg driver answers timestamptz as text here ('2026-11-27 10:00:00.123456+00':
 * the connection's time zone is UTC, forceUtcTimezone). A list's page carries four timestamps a ticket (its own and its
 * contact's), and JSON.stringify spent more on Date#toJSON (toISOString) than on the rest of the page: 0.53 ms of a
 * 40-ticket page against 0.23 ms with the text already ISO (this machine, loaded, api/src/ticket/tickets/README.md).
 *
 * A RowTimestamp is a Date like any other (compares, formats, is stored back) that keeps the ISO text it was read with
 * and answers it to JSON.stringify, as long as nobody has moved it (a setter changes getTime(): the text is then made
 * again, as a Date would).
 */
class RowTimestamp extends Date {
  constructor(
    private readonly ms: number,
    private readonly iso: string,
  ) {
    super(ms);
  }

  override toJSON(): string {
    return this.getTime() === this.ms ? this.iso : this.toISOString();
  }
}

const digits = (s: string, from: number, count: number): number => {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    v = v * 10 + d;
  }
  return v;
};

/** 'YYYY-MM-DD hh:mm:ss[.f{1,6}]+00' (PostgreSQL's ISO output in UTC); anything else goes through Date's own parser. */
const UTC_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00$/;

/** A row's timestamp (text from the driver, or already a Date) as a Date whose JSON is the same ISO text, made once. */
export function rowTimestamp(v: string | Date): Date {
  if (v instanceof Date) return v;
  if (!UTC_TEXT.test(v)) return new Date(v);
  const fraction = v.length > 22 ? v.slice(20, v.length - 3) : '';
  const millis = fraction ? digits(`${fraction}00`, 0, 3) : 0;
  const ms = Date.UTC(digits(v, 0, 4), digits(v, 5, 2) - 1, digits(v, 8, 2), digits(v, 11, 2), digits(v, 14, 2), digits(v, 17, 2), millis);
  const iso = `${v.slice(0, 10)}T${v.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
  return new RowTimestamp(ms, iso);
}
