import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { MEDIA_STORE, type MediaStore } from '../../common/infra/media-store/media-store';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql, type TenantSql } from '../../common/tenancy/tenant-sql';
import { IngestService, StoredInbound } from '../../ticket/ingest/ingest.service';
import { TicketSystemTransitionsService } from '../../ticket/tickets/ticket-system-transitions.service';
import { Ticket } from '../../ticket/tickets/ticket.entity';
import { AgentRunnerService } from '../agents/agent-runner.service';
import { BusinessHoursService, ClosedReply } from '../business-hours/business-hours.service';
import { localMoment } from '../business-hours/business-hours.rules';
import { DistributionService } from '../distribution/distribution.service';
import { RatingService } from '../rating/rating.service';
import { AutomationClock } from './automation-clock';
import { Lane } from './lane';
import { BotSenderService } from './bot-sender.service';
import {
  agentFields,
  BACK_KEY,
  botTurnKind,
  fillMessage,
  MAIN_MENU_KEY,
  MenuEntry,
  nextBotState,
  optionEntries,
  optionsMenu,
  outOfHoursDue,
  pickEntry,
  queueEntries,
  renderMenu,
  startsConversation,
  wrongAnswerStep,
} from './chatbot.rules';
import { BotConnection, BotOption, BotQueue, BotState, connectionQueues, readTurn, TurnState } from './bot-turn';
import { deleteBotState, optionsOf, parentOption, relevantTickets, writeBotState } from './chatbot.queries';
import type { TemplatePurpose } from '../../connection/whatsapps/whatsapp.entity';

/** Tickets the bot works on at once, per process (each turn is a few queries; ingest keeps the rest of the pool). */
const MAX_TURNS = 4;
/**
 * Hand-offs to people distributed at once, per process, after their turn: each holds a pooled connection while it
 * waits for the company's distribution lock, so more would only queue there.
 */
const MAX_DISTRIBUTING = 1;

type QueueEntry = MenuEntry & { queue: BotQueue };
type OptionEntry = MenuEntry & { option: BotOption };

/** What one step needs about the ticket, read once (bot-turn.ts). */
interface Turn extends Omit<TurnState, 'whatsapp'> {
  companyId: CompanyId;
  db: TenantSql;
  /** Present: a turn needs the ticket's connection. */
  whatsapp: BotConnection;
  stored: StoredInbound;
  now: Date;
  /** The hour on the company's wall clock (for {{ms}}). */
  hour: number;
  /** An agent's answer to run after the turn, outside the turn limit (an AI call may take seconds). */
  after?: () => Promise<void>;
}

/**
 * The queue chatbot (README: "The conversation before a person"). Every stored customer message (not ours, not a
 * group) is handled here after its batch commits, one at a time per ticket and in the chat's order, off the ingest
 * path (a slow agent never holds up storing messages). A ticket a person holds is left alone.
 */
@Injectable()
export class ChatbotService implements OnModuleInit {
  private readonly log = new Logger('Chatbot');
  private readonly chains = new Map<number, Promise<void>>();
  private readonly turns = new Lane(MAX_TURNS);
  private readonly distributing = new Lane(MAX_DISTRIBUTING);
  private sorting: Promise<void> = Promise.resolve();
  /** Enqueue order; and per ticket, the last order a look found the bot has nothing to do for (those queued before it skip the look). */
  private seq = 0;
  private readonly settled = new Map<number, number>();

  constructor(
    private readonly em: EntityManager,
    private readonly ingest: IngestService,
    private readonly system: TicketSystemTransitionsService,
    private readonly send: BotSenderService,
    private readonly hours: BusinessHoursService,
    private readonly distribution: DistributionService,
    private readonly rating: RatingService,
    private readonly agents: AgentRunnerService,
    private readonly clock: AutomationClock,
    @Inject(MEDIA_STORE) private readonly media: MediaStore,
  ) {}

  onModuleInit(): void {
    // Batches are sorted in arrival order, one after another, without holding up ingest.
    this.ingest.onStored((batch) => {
      this.sorting = this.sorting.then(() => this.sort(batch)).catch((e: unknown) => this.log.error(`batch not handled: ${String(e)}`));
    });
  }

  /** Resolves when every message handed over so far has been handled (tests, shutdown). */
  async drain(): Promise<void> {
    await this.sorting;
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  /**
   * Hands each customer message of a batch to its ticket's chain, but only for tickets the bot may have to answer,
   * found with one query per company: most messages belong to conversations people hold and cost nothing more. A
   * ticket whose chain is still running, or that this batch opened, always goes through (its state is about to change).
   */
  private async sort(batch: StoredInbound[]): Promise<void> {
    // An answer to a campaign's confirmation request is the campaign's (its offer follows), not a conversation opening.
    const mine = batch.filter((s) => !s.fromMe && !s.isGroup && !s.answer);
    if (!mine.length) return;
    const always = new Set(mine.filter((s) => s.opened || this.chains.has(s.ticketId)).map((s) => s.ticketId));
    const relevant = new Set<number>(always);
    const byCompany = new Map<CompanyId, number[]>();
    for (const s of mine) if (!always.has(s.ticketId)) byCompany.set(s.companyId, [...(byCompany.get(s.companyId) ?? []), s.ticketId]);
    const now = this.clock.now();
    for (const [companyId, ids] of byCompany) {
      for (const id of await relevantTickets(tenantSql(forkForCompany(this.em, companyId), companyId), [...new Set(ids)], now)) relevant.add(id);
    }
    for (const s of mine) if (relevant.has(s.ticketId)) this.enqueue(s);
  }

  private enqueue(s: StoredInbound): void {
    const seq = ++this.seq;
    const previous = this.chains.get(s.ticketId) ?? Promise.resolve();
    const next = previous
      .then(() => ((this.settled.get(s.ticketId) ?? 0) >= seq ? undefined : this.turns.run(() => this.handle(s))))
      .then((after) => after?.())
      .catch((e: unknown) => this.log.error(`ticket ${s.ticketId}: message ${s.messageId} not handled: ${String(e)}`))
      .finally(() => {
        if (this.chains.get(s.ticketId) === next) {
          this.chains.delete(s.ticketId);
          this.settled.delete(s.ticketId);
        }
      });
    this.chains.set(s.ticketId, next);
  }

  /** One message's turn; answers the agent call to make after it, if any. */
  private async handle(stored: StoredInbound): Promise<(() => Promise<void>) | undefined> {
    const companyId = stored.companyId;
    const em = forkForCompany(this.em, companyId);
    const now = this.clock.now();
    // One read: most messages belong to conversations people hold, and stop here.
    const state = await readTurn(em, companyId, stored.ticketId);
    if (!state) return undefined;
    const { ticket, bot } = state;
    const { closedRating, agent, acts } = botTurnKind(ticket, bot, stored.opened, now);
    if (!acts) {
      // Nothing for the bot: the messages of this ticket already waiting behind this one need no look either.
      this.settled.set(stored.ticketId, this.seq);
      return undefined;
    }
    const whatsapp = state.whatsapp;
    if (!whatsapp) return undefined;
    const hour = Math.floor(localMoment(now, state.hours.timezone).minutes / 60);
    const turn: Turn = { ...state, companyId, db: tenantSql(em, companyId), whatsapp, stored, now, hour };

    if (closedRating) {
      const reopened = await this.rating.answer(companyId, ticket.id, stored.body);
      if (reopened) await this.afterReopen(turn);
      return turn.after;
    }
    if (agent) {
      // The connection's or queue's agent answers (AI or integration): it works on the ticket entity.
      const entity = await this.load(companyId, ticket.id);
      return entity ? () => this.agents.run(entity, stored, false) : undefined;
    }
    if (bot?.stage === 'queue-menu') await this.answerQueueMenu(turn);
    else if (bot?.stage === 'options') await this.answerOptions(turn);
    else if (startsConversation(ticket, bot, stored.opened)) await this.start(turn);
    return turn.after;
  }

  /** A message that was not a rating reopened its ticket: with no queue it starts over, in a queue it waits (and is offered). */
  private async afterReopen(turn: Turn): Promise<void> {
    if (!turn.queue) {
      await this.forgetBot(turn);
      return this.start(turn);
    }
    await this.distribution.distribute(turn.companyId, turn.ticket.id);
  }

  /** A new conversation: the connection's agent, or the company's hours, then the greeting and the queue menu. */
  private async start(turn: Turn): Promise<void> {
    const { companyId, ticket, whatsapp, now } = turn;
    const closed = await this.hours.companyClosed(companyId, turn.hours, now, whatsapp.outOfHoursMessage);
    if (closed) return this.sayClosed(turn, closed);

    if (whatsapp.integrationId || whatsapp.promptId) {
      const set = await this.system.setFields(companyId, ticket.id, agentFields(whatsapp), (t) => t.status === 'pending' && !t.userId);
      if (set) {
        const fresh = await this.load(companyId, ticket.id);
        if (fresh) turn.after = () => this.agents.run(fresh, turn.stored, true);
      }
      return;
    }

    const queues = await this.queuesOf(turn);
    const greeting = this.fill(turn, whatsapp.greetingMessage);
    if (queues.length === 0) {
      await this.say(turn, greeting, 'greeting');
      return;
    }
    if (queues.length === 1) {
      await this.say(turn, greeting, 'greeting');
      return this.enterQueue(turn, queues[0].queue);
    }
    await this.say(turn, renderMenu(queues, greeting), 'greeting');
    await this.saveBot(turn, { stage: 'queue-menu', optionId: null, attempts: 1, menuSentAt: turn.now });
  }

  private async answerQueueMenu(turn: Turn): Promise<void> {
    const queues = await this.queuesOf(turn);
    const chosen = pickEntry(turn.stored.body, queues);
    if (!chosen) return this.wrongAnswer(turn, () => renderMenu(queues, this.fill(turn, turn.whatsapp.greetingMessage)));
    await this.saveBot(turn, { stage: null, optionId: null, attempts: 0, expiresAt: null });
    const moved = await this.system.moveToQueue(turn.companyId, turn.ticket.id, chosen.queue.id, 'bot', (t) => t.status === 'pending' && !t.userId);
    if (moved) await this.enterQueue(turn, chosen.queue);
  }

  /** The customer is in a queue: closed queue (hours or holiday), else its greeting, then its option tree or its people. */
  private async enterQueue(turn: Turn, queue: BotQueue): Promise<void> {
    const closed = await this.hours.queueClosed(turn.companyId, turn.hours, queue, turn.now, turn.whatsapp.outOfHoursMessage);
    if (closed) {
      await this.saveBot(turn, { stage: null, optionId: null, expiresAt: null });
      return this.sayClosed(turn, closed);
    }
    // The queue's options are read while its greeting is stored and queued.
    const [, options] = await Promise.all([this.say(turn, this.fill(turn, queue.greetingMessage), 'greeting'), this.optionsUnder(turn, queue.id, null)]);
    if (options.length) {
      await this.say(turn, optionsMenu(options, false));
      await this.saveBot(turn, { stage: 'options', optionId: null, attempts: 1, menuSentAt: turn.now });
      return;
    }
    await this.handToQueue(turn, queue);
  }

  private async answerOptions(turn: Turn): Promise<void> {
    const queue = turn.queue;
    if (!queue) {
      await this.forgetBot(turn);
      return this.start(turn);
    }
    const answer = turn.stored.body.trim();
    const current = turn.bot?.optionId ?? null;

    if (answer === MAIN_MENU_KEY) {
      const queues = await this.queuesOf(turn);
      if (queues.length > 1) {
        await this.say(turn, renderMenu(queues, this.fill(turn, turn.whatsapp.greetingMessage)));
        await this.saveBot(turn, { stage: 'queue-menu', optionId: null, attempts: 1, menuSentAt: turn.now });
        return;
      }
      return this.showOptions(turn, queue.id, null);
    }
    if (answer === BACK_KEY && current !== null) {
      return this.showOptions(turn, queue.id, await parentOption(turn.db, current));
    }
    const options = await this.optionsUnder(turn, queue.id, current);
    const chosen = pickEntry(answer, options);
    if (!chosen) return this.wrongAnswer(turn, () => optionsMenu(options, current !== null));
    await this.say(turn, this.fill(turn, chosen.option.message));
    const children = await this.optionsUnder(turn, queue.id, chosen.option.id);
    if (children.length) {
      await this.say(turn, optionsMenu(children, true));
      await this.saveBot(turn, { stage: 'options', optionId: chosen.option.id, attempts: 1, menuSentAt: turn.now });
      return;
    }
    await this.saveBot(turn, { stage: null, optionId: null, attempts: 0, expiresAt: null });
    await this.handToQueue(turn, queue);
  }

  private async showOptions(turn: Turn, queueId: number, parentId: number | null): Promise<void> {
    const options = await this.optionsUnder(turn, queueId, parentId);
    await this.say(turn, optionsMenu(options, parentId !== null));
    await this.saveBot(turn, { stage: 'options', optionId: parentId, attempts: 1, menuSentAt: turn.now });
  }

  /**
   * An answer the menu does not know: the menu again, at most every timeUseBotQueues minutes, up to maxUseBotQueues
   * menus in all (0: no limit); past that the bot stops and the ticket waits for people where it is.
   */
  private async wrongAnswer(turn: Turn, menu: () => string): Promise<void> {
    const bot = turn.bot!;
    const step = wrongAnswerStep(bot, turn.whatsapp, turn.now);
    if (step === 'give-up') {
      await this.saveBot(turn, { stage: null, optionId: null, expiresAt: null });
      if (turn.queue) await this.distribution.distribute(turn.companyId, turn.ticket.id);
      return;
    }
    if (step === 'quiet') return;
    await this.say(turn, menu());
    await this.saveBot(turn, { attempts: bot.attempts + 1, menuSentAt: turn.now });
  }

  /** The menu's work is done: the queue's integration or AI prompt answers next, else its people (distribution). */
  private async handToQueue(turn: Turn, queue: BotQueue): Promise<void> {
    if (queue.integrationId || queue.promptId) {
      const set = await this.system.setFields(turn.companyId, turn.ticket.id, agentFields(queue), (t) => t.status === 'pending' && !t.userId);
      const fresh = set ? await this.load(turn.companyId, turn.ticket.id) : null;
      if (fresh) turn.after = () => this.agents.run(fresh, turn.stored, true);
      return;
    }
    // After the turn, still in the ticket's chain (its next message waits for it), in a lane of its own: the
    // distribution transaction waits on the company's lock, and the next customers' greetings need not wait on it.
    const { companyId, ticket } = turn;
    turn.after = async () => void (await this.distributing.run(() => this.distribution.distribute(companyId, ticket.id)));
  }

  private async sayClosed(turn: Turn, closed: ClosedReply): Promise<void> {
    if (!outOfHoursDue(turn.bot?.outOfHoursAt, turn.now)) return;
    try {
      if (closed.image) {
        const data = await this.media.readBuffer(closed.image.key).catch(() => null);
        if (data) await this.send.file(turn.companyId, turn.ticket.id, data, closed.image.name, this.fill(turn, closed.text), 'outOfHours');
        else await this.say(turn, this.fill(turn, closed.text), 'outOfHours');
      } else {
        await this.say(turn, this.fill(turn, closed.text), 'outOfHours');
      }
    } catch (err) {
      if (closed.holidayId) await this.hours.holidaySent(turn.companyId, closed.holidayId, false);
      throw err;
    }
    // A holiday's message went out: the holiday is ENVIADA (sentAt) from its first customer on.
    if (closed.holidayId) await this.hours.holidaySent(turn.companyId, closed.holidayId, true);
    await this.saveBot(turn, { outOfHoursAt: turn.now });
  }

  /** Starting over: the ticket's old menu state goes. */
  private async forgetBot(turn: Turn): Promise<void> {
    if (turn.bot) await deleteBotState(turn.db, turn.ticket.id);
    turn.bot = null;
  }

  /** `purpose`: the automatic message this is (official connections send its template outside the customer's window). */
  private say(turn: Turn, text: string | null | undefined, purpose?: TemplatePurpose): Promise<void> {
    return text?.trim() ? this.send.text(turn.companyId, turn.ticket.id, text, purpose, turn.whatsapp.provider) : Promise.resolve();
  }

  private fill(turn: Turn, text: string | null | undefined): string {
    if (!text?.trim()) return '';
    return fillMessage(text, { name: turn.ticket.contactName, hour: turn.hour });
  }

  /** The connection's queues as the menu numbers them: orderQueue (unset last), then name. */
  private async queuesOf(turn: Turn): Promise<QueueEntry[]> {
    const queues = await connectionQueues(turn.db, turn.whatsapp.id);
    return queueEntries(queues);
  }

  private async optionsUnder(turn: Turn, queueId: number, parentId: number | null): Promise<OptionEntry[]> {
    const options = await optionsOf(turn.db, queueId, parentId);
    return optionEntries(options);
  }

  /** Writes the ticket's bot state; a menu just sent (menuSentAt) is dropped after timeOut, no menu has no expiry. */
  private async saveBot(turn: Turn, fields: Partial<Omit<BotState, 'expiresAt'>> & { expiresAt?: null }): Promise<void> {
    const bot = nextBotState(turn.bot, fields, turn.now, turn.menuTimeOutMs);
    await writeBotState(turn.db, turn.ticket.id, bot);
    turn.bot = bot;
  }

  /** The ticket entity, for an agent's run. */
  private load(companyId: CompanyId, ticketId: number): Promise<Ticket | null> {
    const em = forkForCompany(this.em, companyId);
    return em.findOne(Ticket, { id: ticketId, companyId }, { populate: ['contact', 'queue', 'whatsapp'] });
  }
}
