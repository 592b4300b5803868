import { Embeddable, Property } from '@mikro-orm/core';

/**
 * One attached file, as seven tables hold it: `media_path` and `media_name`. Embedded as `media` (the default prefix,
 * `media_`, keeps the columns' names: no migration). The kind (`mediaType`) stays on each entity: its length,
 * default and nullability differ (a message is always of a kind, 'chat' without a file).
 */
@Embeddable()
export class Media {
  /** The server-made file name (or path under the company's folder); never from a client or sender, so safe as a path. */
  @Property({ type: 'string', length: 255, nullable: true })
  path: string | null = null;

  /** The original file name, shown to people; never used as a path. */
  @Property({ type: 'string', length: 255, nullable: true })
  name: string | null = null;
}
