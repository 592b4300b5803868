import { AppError, validationError } from '../../common/http/errors';
import type { UpdateTicketDto } from './dto/update-ticket.dto';
import type { TicketStatus } from './ticket.entity';
import { TicketError } from './ticket.errors';

/**
 * The tickets' decisions, as pure functions of plain values (no database, no Nest): which transition a change asks
 * for, who sees a ticket, how a list reads its parameters and its search words, and the automatic messages. The
 * services call them; tickets.rules.spec.ts tests them in milliseconds.
 */

export type TicketAction = 'accept' | 'return' | 'close' | 'reopen' | 'transfer' | 'fields';

/** Where a ticket stands before a change. */
export interface TicketState {
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
}

/**
 * Which transition a `PUT /tickets/{id}` body asks for, from the ticket's current status (see
 * TicketTransitionsService); impossible ones throw the 4xx the caller gets.
 */
export function classify(ticket: TicketState, dto: UpdateTicketDto, callerId: number): TicketAction {
  const { queueId: curQueue, userId: curUser, whatsappId: curWhatsapp } = ticket;
  const queueSent = dto.queueId !== undefined;
  const keepsQueue = () => {
    if (queueSent && (dto.queueId ?? null) !== curQueue) {
      throw validationError([{ field: 'queueId', messages: ['The queue is kept; use a transfer to change it'] }]);
    }
  };

  if (ticket.status === 'closed') {
    if (dto.status === 'open') {
      keepsQueue();
      return 'reopen';
    }
    if (dto.status === undefined && !queueSent && dto.userId === undefined && dto.whatsappId === undefined) return 'fields';
    throw new AppError(TicketError.ERR_INVALID_TICKET_TRANSITION, 'A closed ticket can only be reopened');
  }
  if (dto.status === 'closed') {
    keepsQueue();
    return 'close';
  }

  const userToOther = dto.userId != null && dto.userId !== callerId && dto.userId !== curUser;
  const whatsappChanges = dto.whatsappId != null && dto.whatsappId !== curWhatsapp;
  const isTransfer = queueSent && ((dto.queueId ?? null) !== curQueue || whatsappChanges || userToOther || (dto.userId === null && curUser !== null));
  if (isTransfer) {
    if (dto.queueId == null) throw validationError([{ field: 'queueId', messages: ['Selecione uma fila'] }]);
    return 'transfer';
  }
  if (userToOther || whatsappChanges) {
    // Giving the ticket to someone else or another connection is a transfer, which names a queue.
    throw validationError([{ field: 'queueId', messages: ['Selecione uma fila'] }]);
  }

  if (dto.status === 'open') {
    if (ticket.status === 'pending') return 'accept';
    if (curUser === callerId) return 'fields';
    throw new AppError(TicketError.ERR_TICKET_ALREADY_ACCEPTED);
  }
  if (dto.status === 'pending') return ticket.status === 'open' ? 'return' : 'fields';
  if (dto.userId === null && curUser !== null) {
    throw validationError([{ field: 'status', messages: ["Send status 'pending' to return the ticket"] }]);
  }
  return 'fields';
}

/** What a caller may see of the company's tickets. */
export interface TicketViewer {
  userId: number;
  /** tickets-manager:showall (admins, supervisors): every ticket of the company. */
  seesAll: boolean;
  /** The caller's own queues (empty for managers: not needed). */
  queueIds: number[];
}

/**
 * The visibility rule (TicketAccessService): managers see every ticket; anyone else the tickets of their queues and
 * the ones assigned to them, so a ticket without a queue is its assignee's (and the managers').
 */
export function sees(viewer: TicketViewer, ticket: { queueId: number | null; userId: number | null }): boolean {
  return viewer.seesAll || ticket.userId === viewer.userId || (ticket.queueId !== null && viewer.queueIds.includes(ticket.queueId));
}

export type GroupMode = 'only' | 'exclude' | 'any';

/**
 * Which group tickets a list shows: `/tickets/groups` and `isGroup=true` only groups, `isGroup=false` none; else none
 * when groups have their own tab (`groupsTab`) or their messages are ignored (`CheckMsgIsGroup`), all otherwise.
 */
export function groupMode(groupsRoute: boolean, isGroup: 'true' | 'false' | undefined, groupsTab: string, ignoreGroups: string): GroupMode {
  if (groupsRoute || isGroup === 'true') return 'only';
  if (isGroup === 'false') return 'exclude';
  return groupsTab === 'enabled' || ignoreGroups === 'enabled' ? 'exclude' : 'any';
}

/** showAll is honoured only for managers, and defaults to on for them. */
export const effectiveShowAll = (seesAll: boolean, showAll: 'true' | 'false' | undefined): boolean => seesAll && showAll !== 'false';

/** Lower-cased words of letters and digits only, so the tsquery built from them has no operators of its own. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** `word:* & word:*`: every word, each as a prefix. Passed as a bound parameter to to_tsquery('simple', ?). */
export function prefixTsQuery(term: string): string | null {
  const words = searchWords(term);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** The digits of a term that looks like a phone number (digits and phone punctuation only). */
export function phoneDigits(term: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  return digits || null;
}

/** Rows of a list read: the page's order is (updated_at desc, id desc). */
export interface ListRow {
  id: number;
  updated_at: Date | string;
}

/** Two lists in (updated_at desc, id desc) order, merged in that order, each ticket once. */
export function mergeRows(a: ListRow[], b: ListRow[]): number[] {
  if (!b.length) return a.map((r) => r.id);
  const key = (r: ListRow) => [new Date(r.updated_at).getTime(), r.id] as const;
  const rows = [...a, ...b].sort((x, y) => {
    const [tx, ix] = key(x);
    const [ty, iy] = key(y);
    return ty - tx || iy - ix;
  });
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * A list's `count`: the open or pending badge for those lists, the exact total when one was read (the unread
 * list), else the tickets listed so far.
 */
export function listCount(status: string | undefined, listedSoFar: number, sums: { open: number; pending: number } | null, exact: number | null): number {
  if (status === 'open' && sums) return sums.open;
  if (status === 'pending' && sums) return sums.pending;
  if (exact !== null) return exact;
  return listedSoFar;
}

/**
 * The message sent after an attendant's change, or null: the greeting on accept (as the attendant) and the transfer
 * notice, each when its setting is enabled; never to a group.
 */
export function automaticMessage(
  action: TicketAction,
  ticket: { isGroup: boolean; contact: { name: string }; user?: { name: string } | null; queue?: { name: string } | null },
  settings: { greetingOnAccept: boolean; noticeOnTransfer: boolean },
): { body: string; source: 'attendant' | 'system' } | null {
  if (ticket.isGroup) return null;
  if (action === 'accept' && settings.greetingOnAccept) {
    return { body: `Olá, ${ticket.contact.name}! Meu nome é ${ticket.user?.name ?? ''} e agora vou continuar o seu atendimento.`, source: 'attendant' };
  }
  if (action === 'transfer' && settings.noticeOnTransfer) {
    const queue = ticket.queue?.name ?? '';
    const body = ticket.user
      ? `Você foi transferido para o setor *${queue}* e será atendido por *${ticket.user.name}*.`
      : `Você foi transferido para o setor *${queue}*. Aguarde, já vamos te atender!`;
    return { body, source: 'system' };
  }
  return null;
}
