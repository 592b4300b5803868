import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError, CommonError } from '../../common/http/errors';
import { can, RequestContext } from '../../common/access/request-context';
import { queueIdsOfUser } from '../../common/access/user-queues';
import { SettingsService } from '../../tenant/settings/settings.service';
import { sees, TicketViewer } from './tickets.rules';

export type { TicketViewer };

export interface TicketPlacementRef {
  isGroup: boolean;
  queue?: { id: number } | null;
  user?: { id: number } | null;
}

/**
 * The one visibility rule of tickets (`sees`, tickets.rules.ts), shared by lists, search, opening, transitions, messages, notes and kanban,
 * and matching the socket rooms: managers (tickets-manager:showall) see every ticket of the company; anyone else
 * the tickets of their queues and the ones assigned to them (a ticket without a queue is therefore a managers'
 * and its assignee's). Opening one also works for group tickets while the company treats groups as tickets
 * (groupsIsTeckets). Others get ERR_NO_PERMISSION ('Acesso não permitido').
 */
@Injectable()
export class TicketAccessService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
  ) {}

  queueIdsOf(ctx: RequestContext, em: EntityManager = this.em): Promise<number[]> {
    return queueIdsOfUser(em, ctx.companyId, ctx.userId);
  }

  async viewer(ctx: RequestContext, em: EntityManager = this.em): Promise<TicketViewer> {
    const seesAll = can(ctx, 'tickets-manager:showall');
    return { userId: ctx.userId, seesAll, queueIds: seesAll ? [] : await this.queueIdsOf(ctx, em) };
  }

  async canSee(ctx: RequestContext, ticket: TicketPlacementRef, viewer?: TicketViewer): Promise<boolean> {
    const v = viewer ?? (await this.viewer(ctx));
    if (sees(v, { queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null })) return true;
    return ticket.isGroup && (await this.settings.valueOf(ctx.companyId, 'groupsIsTeckets')) === 'enabled';
  }

  async assertCanSee(ctx: RequestContext, ticket: TicketPlacementRef, viewer?: TicketViewer): Promise<void> {
    if (!(await this.canSee(ctx, ticket, viewer))) throw new AppError(CommonError.ERR_NO_PERMISSION, 'Acesso não permitido');
  }
}
