import type { CompanyId } from '../../../common/tenancy/company-id';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import { EntityManager } from '@mikro-orm/postgresql';
import { QUEUES, withQueue } from '../../../jobs/jobs';
import type { AgentIo, AgentTurn, TicketAgent } from '../../agents/agent';
import { AgentRegistry } from '../../agents/agent-registry';
import { integrationOf } from './integration-of';

export const WEBHOOK_JOB = 'webhook';
/** Attempts of one delivery: the first and up to 7 retries, 1 s, 2 s, 4 s, … apart (about 2 minutes in all). */
export const WEBHOOK_ATTEMPTS = 8;
export const WEBHOOK_BACKOFF_MS = 1000;

export interface WebhookJob {
  companyId: CompanyId;
  integrationId: number;
  ticketId: number;
  messageId: string;
  /** The JSON body, serialised once: every attempt sends the same bytes. */
  body: string;
}

/** What n8n and webhook integrations receive for each customer message. */
export interface WebhookPayload {
  event: 'message';
  integration: { id: number; type: string; name: string };
  company: { id: number };
  ticket: { id: number; uuid: string; whatsappId: number; first: boolean };
  contact: { id: number; name: string; number: string; email: string | null };
  message: { id: string; body: string; mediaType: string; hasMedia: boolean; createdAt: string };
  queue: { id: number } | null;
}

export const idempotencyKey = (integrationId: number, messageId: string) => `${integrationId}:${messageId}`;

/**
 * n8n and webhook: each customer message becomes a signed POST to the integration's URL, delivered by a job
 * (at least once, with backoff; the job id is the idempotency key, so a repeated turn is not queued twice). The
 * answer is posted back by the job (WebhookDeliveryProcessor): the turn returns at once and a slow receiver
 * never holds the chat.
 */
class HttpAgent implements TicketAgent, OnModuleInit {
  constructor(
    readonly kind: 'n8n' | 'webhook',
    private readonly registry: AgentRegistry,
    private readonly em: EntityManager,
    private readonly queue: Queue<WebhookJob>,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async respond(turn: AgentTurn, _io: AgentIo): Promise<void> {
    const integration = await integrationOf(this.em, turn, [this.kind]);
    const payload: WebhookPayload = {
      event: 'message',
      integration: { id: integration.id, type: integration.type, name: integration.name },
      company: { id: turn.companyId },
      ticket: { id: turn.ticketId, uuid: turn.ticketUuid, whatsappId: turn.whatsappId, first: turn.first },
      contact: turn.contact,
      message: {
        id: turn.message.id,
        body: turn.message.body,
        mediaType: turn.message.mediaType,
        hasMedia: !!turn.message.mediaPath,
        createdAt: turn.message.createdAt.toISOString(),
      },
      queue: turn.queueId ? { id: turn.queueId } : null,
    };
    const key = idempotencyKey(integration.id, turn.message.id);
    // Bounded (withQueue): while Redis is down the delivery is not queued, and the failure reaches AgentRunnerService,
    // which hands the ticket to people, so the customer is answered by someone rather than by nothing.
    await withQueue(this.queue, () =>
      this.queue.add(
        WEBHOOK_JOB,
        { companyId: turn.companyId, integrationId: integration.id, ticketId: turn.ticketId, messageId: turn.message.id, body: JSON.stringify(payload) },
        { jobId: key, attempts: WEBHOOK_ATTEMPTS, backoff: { type: 'exponential', delay: WEBHOOK_BACKOFF_MS }, removeOnComplete: 1000, removeOnFail: 1000 },
      ),
    );
  }
}

@Injectable()
export class WebhookAgent extends HttpAgent {
  constructor(registry: AgentRegistry, em: EntityManager, @InjectQueue(QUEUES.automation) queue: Queue<WebhookJob>) {
    super('webhook', registry, em, queue);
  }
}

@Injectable()
export class N8nAgent extends HttpAgent {
  constructor(registry: AgentRegistry, em: EntityManager, @InjectQueue(QUEUES.automation) queue: Queue<WebhookJob>) {
    super('n8n', registry, em, queue);
  }
}
