import type { CompanyId } from '../../common/tenancy/company-id';
import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantScoped } from '../../common/tenancy/tenant-filter';
import { Company } from '../../tenant/companies/company.entity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Ticket } from './ticket.entity';

/**
 * One attendance cycle of a ticket, from entering the queue to being closed: what the dashboard measures
 * (wait = startedAt - queuedAt, support = finishedAt - startedAt). A reopened ticket starts a new cycle.
 */
@Entity({ tableName: 'ticket_trackings' })
/** The dashboard's period figures: an index-only scan of the cycles finished in a period (migration dashboard_covering_index). */
@Index({
  name: 'ticket_trackings_company_id_finished_at_covering_index',
  expression:
    'create index "ticket_trackings_company_id_finished_at_covering_index" on "ticket_trackings" ("company_id", "finished_at") include ("user_id", "queue_id", "queued_at", "started_at", "rating")',
})
@Index({ properties: ['companyId', 'createdAt'] })
@TenantScoped()
export class TicketTracking {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Company, { mapToPk: true, deleteRule: 'cascade', fieldName: 'company_id' })
  companyId!: CompanyId;

  @ManyToOne(() => Ticket, { mapToPk: true, deleteRule: 'cascade', fieldName: 'ticket_id' })
  @Index()
  ticketId!: number;

  @Property({ type: 'integer', nullable: true }) whatsappId?: number | null;
  @Property({ type: 'integer', nullable: true }) userId?: number | null;
  @Property({ type: 'integer', nullable: true }) queueId?: number | null;
  @Property({ type: 'datetime', nullable: true }) queuedAt?: Date | null;
  @Property({ type: 'datetime', nullable: true }) startedAt?: Date | null;
  @Property({ type: 'datetime', nullable: true }) finishedAt?: Date | null;
  /** 1 unsatisfied, 2 satisfied, 3 very satisfied. */
  @Property({ type: 'integer', nullable: true }) rating?: number | null;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}

/** The ticket's unfinished attendance cycle; one is started if ingest or an older version left none. */
export async function currentCycle(em: EntityManager, ticket: Ticket): Promise<TicketTracking> {
  const open = await em.findOne(TicketTracking, { ticketId: ticket.id, companyId: ticket.companyId, finishedAt: null }, { orderBy: { id: 'desc' } });
  return (
    open ??
    em.create(TicketTracking, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsapp?.id ?? null,
      queueId: ticket.queue?.id ?? null,
      userId: ticket.user?.id ?? null,
      queuedAt: ticket.queue ? ticket.updatedAt : null,
      createdAt: new Date(),
    })
  );
}
