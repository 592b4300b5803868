import { Entity, PrimaryKey, Property, Opt } from '@mikro-orm/core';

import { PLAN_FLAGS, type PlanFeature, type PlanFlag } from '../../common/access/vocabulary';

export { PLAN_FLAGS, type PlanFeature, type PlanFlag };

@Entity({ tableName: 'plans' })
export class Plan {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100, unique: true })
  name!: string;

  /** Maximum users, connections and queues of a company on this plan. */
  @Property({ type: 'integer' })
  users: Opt<number> = 1;

  @Property({ type: 'integer' })
  connections: Opt<number> = 1;

  @Property({ type: 'integer' })
  queues: Opt<number> = 1;

  /** Monthly price in BRL. numeric(10,2) is returned as a string by pg; mapped to number in DTOs. */
  @Property({ type: 'decimal', precision: 10, scale: 2 })
  value: Opt<string> = '0';

  @Property({ type: 'boolean' }) useCampaigns: Opt<boolean> = false;
  @Property({ type: 'boolean' }) useSchedules: Opt<boolean> = false;
  @Property({ type: 'boolean' }) useInternalChat: Opt<boolean> = false;
  @Property({ type: 'boolean' }) useExternalApi: Opt<boolean> = false;
  @Property({ type: 'boolean' }) useKanban: Opt<boolean> = false;
  @Property({ type: 'boolean' }) useOpenAi: Opt<boolean> = false;
  @Property({ type: 'boolean' }) useIntegrations: Opt<boolean> = false;
  @Property({ type: 'boolean' }) whiteLabel: Opt<boolean> = false;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
