import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A help video of the platform. Platform-wide like plans: no company owns it, so it carries no companyId and no
 * tenant filter; every signed-in user reads the same list and only super users change it.
 */
@Entity({ tableName: 'helps' })
export class Help {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  title!: string;

  @Property({ type: 'text' })
  description: Opt<string> = '';

  /** The YouTube video id (11 characters). */
  @Property({ type: 'string', length: 11 })
  video!: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
