import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Queue } from 'bull';
import { forkForCompany, transactionForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { CompanyJob, QUEUES, withQueue } from '../../jobs/jobs';
import { ConnectionSessionsService } from '../../connection/sessions/connection-sessions.service';
import { Contact } from '../../ticket/contacts/contact.entity';
import { Message } from '../../ticket/messages/message.entity';
import { OutboundMedia, OutboundOptions, OutboundService } from '../../ticket/messages/outbound.service';
import type { PlannedTemplate } from '../../ticket/official/outbound-window';
import { AppError } from '../../common/http/errors';
import { TICKET_POPULATE } from '../../ticket/tickets/dto/ticket.dto';
import { Ticket } from '../../ticket/tickets/ticket.entity';
import { TicketsService } from '../../ticket/tickets/tickets.service';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service';
import { FileListsService } from '../file-lists/file-lists.service';
import { Campaign, MessageSlot, messageOf, usedSlots } from './campaign.entity';
import { CampaignShipping } from './campaign-shipping.entity';
import { CampaignEventsService } from './campaign-events.service';
import {
  claimConfirmed,
  claimPlanned,
  confirm,
  due,
  finishIfDone,
  listItemValid,
  messageLeft,
  nextPlanned,
  planRecipients,
  shiftLatePending,
  startCampaign,
} from './campaigns.queries';
import { confirmationText, firstPerSender, recipientSource, renderMessage } from './campaigns.rules';

export const CAMPAIGN_START = 'campaign-start';
export const CAMPAIGN_TICK = 'campaign-tick';
export const CAMPAIGN_CONFIRMED = 'campaign-confirmed';

export interface CampaignStartJob extends CompanyJob {
  campaignId: number;
  /** The scheduledAt the job was made for: a campaign re-scheduled since then ignores it. */
  scheduledAt: number;
}
export interface CampaignTickJob extends CompanyJob {
  campaignId: number;
}
export interface CampaignConfirmedJob extends CompanyJob {
  shippingId: string;
}

/** How every campaign message is stored: its purpose names the template an official connection sends outside the window. */
const CAMPAIGN_SEND: OutboundOptions = { source: 'campaign', purpose: 'campaign' };
/** Sends due in the same instant go out in slices of this many, the campaign's state read again between slices. */
const SLICE = 50;
/** Recipients due at the same moment are stored this many at a time. */
const PARALLEL = 4;
/** A send fires this early at most (Bull's timers are not exact to the millisecond). */
const EARLY_MS = 15;
/** Pending sends late by more than this (the platform was down, or the campaign restarted) move later together. */
const CATCH_UP_MS = 3_000;
/** A recipient's next message waits at most this long for the one before to leave, polled this often. */
const ORDER_WAIT_MS = 20_000;
const ORDER_POLL_MS = 100;

/**
 * A campaign's way out (see ../README.md). PostgreSQL holds the plan and what was sent; Bull only wakes the
 * dispatcher: a start job at scheduledAt, then one tick job per campaign at its next planned send, each id'd by
 * campaign and time so that adding it again (the sweeper) adds nothing. A send stores its message and marks its
 * recipient done in one transaction, conditional on the recipient still pending and the campaign still running:
 * repeated or concurrent jobs cannot send twice, and a job that dies before its commit leaves the recipient for
 * the next tick.
 */
@Injectable()
export class CampaignDispatchService {
  private readonly log = new Logger('CampaignDispatch');

  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly outbound: OutboundService,
    private readonly sessions: ConnectionSessionsService,
    private readonly settings: CampaignSettingsService,
    private readonly fileLists: FileListsService,
    private readonly events: CampaignEventsService,
    @InjectQueue(QUEUES.campaigns) private readonly queue: Queue<CampaignStartJob | CampaignTickJob | CampaignConfirmedJob>,
  ) {}

  /** Wakes the campaign at its scheduledAt (at once when that has passed). */
  async scheduleStart(campaign: Campaign): Promise<void> {
    if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return;
    await this.queueStart(campaign.companyId, campaign.id, campaign.scheduledAt.getTime());
  }

  /** The start job for one scheduledAt (id'd by it: queueing it again adds nothing). */
  async queueStart(companyId: CompanyId, campaignId: number, at: number): Promise<void> {
    await this.add(`start of campaign ${campaignId}`, () =>
      this.queue.add(
        CAMPAIGN_START,
        { companyId, campaignId, scheduledAt: at },
        { jobId: `campaign-start:${campaignId}:${at}`, delay: Math.max(0, at - Date.now()), removeOnComplete: true, removeOnFail: true, attempts: 3 },
      ),
    );
  }

  /**
   * Every job of this service goes through here: never waits long for Redis and never fails (withQueue). A job not
   * queued while Redis is down is logged and left to the campaign sweeper, which queues again the start of every
   * PROGRAMADA campaign, the next tick of every EM_ANDAMENTO one and every confirmed shipping not yet sent (all read
   * from PostgreSQL, where the campaign's state is stored first).
   */
  private async add(what: string, write: () => Promise<unknown>): Promise<void> {
    await withQueue(this.queue, write).catch((e: unknown) => this.log.warn(`${what} not queued now (the campaign sweeper queues it): ${String(e)}`));
  }

  /** Wakes the campaign at its next pending send (none: it finishes). */
  async scheduleTick(companyId: CompanyId, campaignId: number): Promise<void> {
    const next = await nextPlanned(tenantSql(this.em, companyId), campaignId);
    const at = next ? new Date(next).getTime() : Date.now();
    await this.add(`next tick of campaign ${campaignId}`, () =>
      this.queue.add(
        CAMPAIGN_TICK,
        { companyId, campaignId },
        { jobId: `campaign-tick:${campaignId}:${at}`, delay: Math.max(0, at - Date.now() - EARLY_MS), removeOnComplete: true, removeOnFail: true, attempts: 3 },
      ),
    );
  }

  /**
   * PROGRAMADA to EM_ANDAMENTO and the plan, in one transaction, only for the scheduledAt the job was made for;
   * answers how many recipients were planned (null when the campaign was not started by this call).
   */
  async start(companyId: CompanyId, campaignId: number, scheduledAt: number, now = new Date()): Promise<number | null> {
    const em = forkForCompany(this.em, companyId);
    const campaign = await em.findOne(Campaign, { id: campaignId, companyId });
    if (!campaign || campaign.status !== 'PROGRAMADA' || campaign.scheduledAt?.getTime() !== scheduledAt) return null;
    const intervals = await this.settings.forCompany(companyId);
    const files = campaign.fileListId ? await this.fileLists.mediaFor(companyId, campaign.fileListId).catch(() => []) : [];
    const fileMessage = campaign.fileListId ? await this.fileLists.messageOf(companyId, campaign.fileListId).catch(() => null) : null;
    const planned = await transactionForCompany(em, companyId, async (tx) => {
      // The time compared to the millisecond, as the job carries it.
      if (!(await startCampaign(tenantSql(tx, companyId), campaignId, scheduledAt, now, files, fileMessage))) return null;
      const slots = usedSlots(campaign);
      const source = recipientSource(campaign);
      if (!source || !slots.length) return 0;
      return planRecipients(tenantSql(tx, companyId), campaignId, source, slots, intervals, now);
    });
    if (planned === null) return null;
    this.log.log(`campaign ${campaignId} started: ${planned} recipients planned`);
    await this.events.changed(companyId, campaignId);
    await this.scheduleTick(companyId, campaignId);
    return planned;
  }

  /**
   * Sends what is due at `now` (a controllable clock for tests; the jobs pass the real time), then wakes again at
   * the next planned send, or finishes the campaign when nothing is pending.
   */
  async tick(companyId: CompanyId, campaignId: number, now = new Date()): Promise<{ sent: number; finished: boolean }> {
    const em = forkForCompany(this.em, companyId);
    let campaign = await em.findOne(Campaign, { id: campaignId, companyId });
    if (!campaign || campaign.status !== 'EM_ANDAMENTO') return { sent: 0, finished: false };
    await shiftLatePending(tenantSql(em, companyId), campaignId, now, CATCH_UP_MS);
    let sent = 0;
    for (;;) {
      const ids = await due(tenantSql(em, companyId), campaignId, now, EARLY_MS, SLICE);
      // Sends due together go out a few at a time (each waits on its own round trips), in plan order.
      for (let i = 0; i < ids.length; i += PARALLEL) {
        const done = await Promise.all(ids.slice(i, i + PARALLEL).map((id) => this.sendPlanned(companyId, campaign!, id)));
        sent += done.filter(Boolean).length;
      }
      if (ids.length < SLICE) break;
      em.clear();
      campaign = await em.findOne(Campaign, { id: campaignId, companyId });
      if (!campaign || campaign.status !== 'EM_ANDAMENTO') return { sent, finished: false };
    }
    if (sent) this.events.progress(companyId, campaignId);
    const finished = await this.finishIfDone(companyId, campaignId, now);
    if (!finished) await this.scheduleTick(companyId, campaignId);
    return { sent, finished };
  }

  /** EM_ANDAMENTO to FINALIZADA when no recipient is pending any more. */
  private async finishIfDone(companyId: CompanyId, campaignId: number, now: Date): Promise<boolean> {
    if (!(await finishIfDone(tenantSql(this.em, companyId), campaignId, now))) return false;
    this.log.log(`campaign ${campaignId} finished`);
    await this.events.changed(companyId, campaignId);
    return true;
  }

  /**
   * One recipient's planned step: the confirmation request when the campaign asks first, else the message (with
   * the attachment and the file list's files). False when it was not this call's to do (already done, campaign
   * no longer running) or the recipient was skipped.
   */
  async sendPlanned(companyId: CompanyId, campaign: Campaign, shippingId: string): Promise<boolean> {
    const em = forkForCompany(this.em, companyId);
    const row = await em.findOne(CampaignShipping, { id: shippingId, companyId, doneAt: null });
    if (!row) return false;
    if (!campaign.whatsappId) return this.skip(companyId, row, 'no-connection');
    if (!(await this.hasWhatsapp(companyId, campaign, row))) return this.skip(companyId, row, 'no-whatsapp');
    const planned = await this.planFor(companyId, campaign.whatsappId, row.number);
    if (planned === 'refused') return this.skip(companyId, row, 'no-template');
    const ticketId = await this.ticketFor(companyId, campaign.whatsappId, row);
    const staged = await transactionForCompany(em, companyId, async (tx) => {
      if (!(await claimPlanned(tenantSql(tx, companyId), shippingId))) return null;
      const ticket = await tx.findOneOrFail(Ticket, { id: ticketId, companyId }, { populate: TICKET_POPULATE });
      const variables = (await this.settings.forCompany(companyId)).variables;
      const now = new Date();
      const template = planned ? await this.outbound.renderPlanned(tx, ticket, planned) : undefined;
      if (campaign.confirmation) {
        const text = renderMessage(confirmationText(campaign, row.slot as MessageSlot), row, variables);
        const message = this.outbound.stage(tx, ticket, text, CAMPAIGN_SEND, undefined, template);
        await tx.flush();
        await tx.nativeUpdate(
          CampaignShipping,
          { id: shippingId, companyId },
          { contactId: ticket.contact.id, confirmationRequestedAt: now, confirmationMessageId: message.id },
        );
        return [message];
      }
      const messages = template
        ? [this.outbound.stage(tx, ticket, '', CAMPAIGN_SEND, undefined, template)]
        : this.stageCampaignMessage(tx, ticket, campaign, row, variables);
      await tx.flush();
      await tx.nativeUpdate(CampaignShipping, { id: shippingId, companyId }, { contactId: ticket.contact.id, sentAt: now, messageId: messages[0].id });
      return messages;
    });
    if (!staged) return false;
    await this.announceInOrder(em, companyId, staged);
    return true;
  }

  /**
   * Contacts answered (a batch of one company's inbound messages, in one statement): every campaign that asked such
   * a number on that connection and still waits gets its confirmation (the sender's first message of the batch
   * recorded as the reply), and the message goes out at once (a job per recipient, id'd by it). Answers the ids of
   * the confirming messages.
   */
  async confirmFrom(companyId: CompanyId, senders: { whatsappId: number; number: string; messageId?: string }[]): Promise<string[]> {
    const unique = firstPerSender(senders);
    if (!unique.length) return [];
    const rows = await confirm(tenantSql(this.em, companyId), unique);
    for (const r of rows) await this.queueConfirmed(companyId, String(r.id));
    return [...new Set(rows.flatMap((r) => (r.reply ? [String(r.reply)] : [])))];
  }

  queueConfirmed(companyId: CompanyId, shippingId: string): Promise<void> {
    return this.add(`confirmed shipping ${shippingId}`, () =>
      this.queue.add(
        CAMPAIGN_CONFIRMED,
        { companyId, shippingId },
        { jobId: `campaign-confirmed:${shippingId}`, removeOnComplete: true, removeOnFail: true, attempts: 5, backoff: { type: 'exponential', delay: 2000 } },
      ),
    );
  }

  /** The message after a confirmation, once: claimed by sentAt in the transaction that stores it. */
  async sendConfirmed(companyId: CompanyId, shippingId: string): Promise<boolean> {
    const em = forkForCompany(this.em, companyId);
    const row = await em.findOne(CampaignShipping, { id: shippingId, companyId, sentAt: null, confirmedAt: { $ne: null } });
    if (!row) return false;
    const campaign = await em.findOne(Campaign, { id: row.campaignId, companyId });
    if (!campaign?.whatsappId || campaign.status === 'CANCELADA') return false;
    // The customer just answered, so an official connection's window is open; a refusal is only logged.
    const planned = await this.planFor(companyId, campaign.whatsappId, row.number);
    if (planned === 'refused') return false;
    const ticketId = await this.ticketFor(companyId, campaign.whatsappId, row);
    const staged = await transactionForCompany(em, companyId, async (tx) => {
      if (!(await claimConfirmed(tenantSql(tx, companyId), shippingId))) return null;
      const ticket = await tx.findOneOrFail(Ticket, { id: ticketId, companyId }, { populate: TICKET_POPULATE });
      const variables = (await this.settings.forCompany(companyId)).variables;
      const template = planned ? await this.outbound.renderPlanned(tx, ticket, planned) : undefined;
      const messages = template
        ? [this.outbound.stage(tx, ticket, '', CAMPAIGN_SEND, undefined, template)]
        : this.stageCampaignMessage(tx, ticket, campaign, row, variables);
      await tx.flush();
      await tx.nativeUpdate(CampaignShipping, { id: shippingId, companyId }, { messageId: messages[0].id });
      return messages;
    });
    if (!staged) return false;
    await this.announceInOrder(em, companyId, staged);
    this.events.progress(companyId, campaign.id);
    return true;
  }

  /**
   * Shows and queues a recipient's messages. The first at once; each next one once the one before has left (its
   * provider id stored, or it failed): send jobs run in parallel, and the phone must get the text before the list's
   * message and the files in the list's order. The rest go on in the background (the tick does not wait for the
   * round trips); if the process dies meanwhile, the outbound sweep queues what is left.
   */
  private async announceInOrder(em: EntityManager, companyId: CompanyId, messages: Message[]): Promise<void> {
    const [first, ...rest] = messages;
    if (!first) return;
    await this.outbound.announce(em, first);
    if (!rest.length) return;
    void (async () => {
      let previous = first.id;
      for (const m of rest) {
        await this.leftOrGaveUp(companyId, previous);
        await this.outbound.announce(em, m);
        previous = m.id;
      }
    })().catch((e: unknown) => this.log.warn(`campaign messages not all queued now (the outbound sweep queues them): ${String(e)}`));
  }

  /** Waits until a message was handed to the provider (or failed, or was deleted), at most ORDER_WAIT_MS. */
  private async leftOrGaveUp(companyId: CompanyId, messageId: string): Promise<void> {
    const deadline = Date.now() + ORDER_WAIT_MS;
    while (Date.now() < deadline) {
      const left = await messageLeft(tenantSql(this.em, companyId), messageId);
      if (left !== false) return;
      await new Promise((resolve) => setTimeout(resolve, ORDER_POLL_MS));
    }
  }

  /**
   * The campaign's message for a recipient: the attachment with the text as its caption (or the text), then the file
   * list's message, then each of its files with its description as the caption (variables filled in all of them).
   */
  private stageCampaignMessage(
    tx: EntityManager,
    ticket: Ticket,
    campaign: Campaign,
    row: Pick<CampaignShipping, 'slot' | 'name' | 'number' | 'email'>,
    variables: { key: string; value: string }[],
  ): Message[] {
    const text = renderMessage(messageOf(campaign, row.slot as MessageSlot), row, variables);
    const media: OutboundMedia | undefined =
      campaign.media.path && campaign.mediaType
        ? { path: campaign.media.path, mediaType: campaign.mediaType, mediaName: campaign.media.name ?? 'file' }
        : undefined;
    const messages = [this.outbound.stage(tx, ticket, text, CAMPAIGN_SEND, media)];
    const listText = campaign.fileMessage?.trim() ? renderMessage(campaign.fileMessage, row, variables) : '';
    if (listText) messages.push(this.outbound.stage(tx, ticket, listText, CAMPAIGN_SEND));
    for (const { caption, ...file } of campaign.fileMedia ?? []) {
      messages.push(this.outbound.stage(tx, ticket, caption?.trim() ? renderMessage(caption, row, variables) : '', CAMPAIGN_SEND, file));
    }
    return messages;
  }

  /**
   * On an official connection outside the number's window: the campaign purpose's template (sent alone, instead of
   * the text, attachment and file list), else 'refused' (logged with the reason; the recipient fails no-template).
   */
  private async planFor(companyId: CompanyId, whatsappId: number, number: string): Promise<PlannedTemplate | null | 'refused'> {
    try {
      return await this.outbound.planFor(forkForCompany(this.em, companyId), companyId, whatsappId, number, { purpose: 'campaign' });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.log.warn(`campaign message to ${number} on connection ${whatsappId} not sent: ${e.def.code}: ${e.message}`);
      return 'refused';
    }
  }

  /**
   * A list item already checked answers from the list; any other number is asked through the connection once.
   * When the connection cannot answer, the send is tried (its job reports the failure on the message).
   */
  private async hasWhatsapp(companyId: CompanyId, campaign: Campaign, row: CampaignShipping): Promise<boolean> {
    if (campaign.contactListId) {
      const valid = await listItemValid(tenantSql(this.em, companyId), campaign.contactListId, row.number);
      if (valid === true) return true;
      if (valid === false) return false;
    }
    try {
      const [check] = await this.sessions.checkNumbers(companyId, [row.number], campaign.whatsappId ?? undefined);
      return check?.exists !== false;
    } catch {
      return true;
    }
  }

  private async skip(companyId: CompanyId, row: CampaignShipping, reason: string): Promise<false> {
    await forkForCompany(this.em, companyId).nativeUpdate(CampaignShipping, { id: row.id, companyId, doneAt: null }, { doneAt: new Date(), skipped: reason });
    return false;
  }

  /** The company's contact for the number (created, named from the list, when new) and the ticket a campaign writes to. */
  private async ticketFor(companyId: CompanyId, whatsappId: number, row: Pick<CampaignShipping, 'number' | 'name' | 'email'>): Promise<number> {
    const em = forkForCompany(this.em, companyId);
    let contact = await em.findOne(Contact, { companyId, number: row.number });
    if (!contact) {
      try {
        contact = em.create(Contact, { companyId, name: (row.name || row.number).slice(0, 100), number: row.number, email: row.email ?? null, whatsappId });
        await em.flush();
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException)) throw e;
        contact = await forkForCompany(this.em, companyId).findOneOrFail(Contact, { companyId, number: row.number });
      }
    }
    return (await this.tickets.outreachTicket(companyId, contact, whatsappId)).id;
  }
}
