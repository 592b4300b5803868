import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import type { CompanyId } from '../../../common/tenancy/company-id';
import { OutboundGuard } from '../../../common/infra/outbound/outbound-guard';
import { forkForCompany } from '../../../common/tenancy/tenant-filter';
import type { AgentIo, AgentTurn, TicketAgent } from '../../agents/agent';
import { AgentRegistry } from '../../agents/agent-registry';
import { QueueIntegration, TypebotSession } from '../queue-integration.entity';
import { integrationOf } from './integration-of';
import { choicesOf, isKeyword, mapAnswer, numbered, sessionExpired, textOf, TypebotAnswer, TypebotMessage } from './typebot.rules';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class TypebotHttpError extends Error {
  constructor(readonly status: number) {
    super(`typebot answered ${status}`);
  }
}

/**
 * Typebot through its chat API (v1): the first message of a ticket (or the first after expiry or a restart)
 * starts a chat with the contact as prefilled variables; the next ones continue it. See ../README.md for the rules.
 */
@Injectable()
export class TypebotAgent implements TicketAgent, OnModuleInit {
  readonly kind = 'typebot' as const;
  private readonly log = new Logger('TypebotAgent');

  constructor(
    private readonly registry: AgentRegistry,
    private readonly em: EntityManager,
    private readonly outbound: OutboundGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async respond(turn: AgentTurn, io: AgentIo): Promise<void> {
    const integration = await integrationOf(this.em, turn, ['typebot']);
    const em = forkForCompany(this.em, turn.companyId);
    const body = turn.message.body ?? '';
    let session = await em.findOne(TypebotSession, { companyId: turn.companyId, ticketId: turn.ticketId, integrationId: integration.id });

    if (isKeyword(body, integration.typebotKeywordFinish)) {
      if (session) await em.removeAndFlush(session);
      await io.handOff('typebot finish keyword');
      return;
    }
    if (isKeyword(body, integration.typebotKeywordRestart)) {
      if (session) await em.removeAndFlush(session);
      if (integration.typebotRestartMessage?.trim()) await io.sendText(integration.typebotRestartMessage);
      return;
    }
    const expired = !!session && sessionExpired(session.lastActivityAt, integration.typebotExpires, new Date());
    if (session && (expired || turn.first)) {
      await em.removeAndFlush(session);
      session = null;
    }

    let answer: TypebotAnswer;
    if (!session) {
      answer = await this.start(integration, turn);
      if (!answer.sessionId) throw new Error('typebot startChat answered no sessionId');
      session = em.create(TypebotSession, {
        companyId: turn.companyId,
        integrationId: integration.id,
        ticketId: turn.ticketId,
        sessionId: answer.sessionId,
        lastActivityAt: new Date(),
      });
    } else {
      try {
        answer = await this.call(integration, `/api/v1/sessions/${encodeURIComponent(session.sessionId)}/continueChat`, {
          message: mapAnswer(body, session.choices),
        });
      } catch (e) {
        if (e instanceof TypebotHttpError && e.status === 404) {
          // Typebot forgot the session (ended or expired there): start over.
          await em.removeAndFlush(session);
          return this.respond({ ...turn, first: true }, io);
        }
        this.log.warn(`ticket ${turn.ticketId}: continueChat failed (${String(e)})`);
        session.lastActivityAt = new Date();
        await em.flush();
        if (integration.typebotUnknownMessage?.trim()) await io.sendText(integration.typebotUnknownMessage);
        if (session.choices?.length) await io.sendText(numbered(session.choices));
        return;
      }
    }

    const messages = answer.messages ?? [];
    const choices = choicesOf(answer.input);
    session.lastActivityAt = new Date();
    session.choices = choices;
    await em.flush();

    if (!messages.length && integration.typebotUnknownMessage?.trim()) {
      await io.sendText(integration.typebotUnknownMessage);
    }
    let sent = 0;
    const pause = async () => {
      if (sent++ > 0 && integration.typebotDelayMessage > 0) await sleep(integration.typebotDelayMessage);
    };
    for (const message of messages) {
      await pause();
      await this.send(turn.companyId, message, io);
    }
    if (choices) {
      await pause();
      await io.sendText(numbered(choices));
    }
    if (!answer.input) {
      // The flow is over: the next message starts a new chat, and people take the ticket.
      await em.removeAndFlush(session);
      await io.handOff('typebot flow ended');
    }
  }

  private start(integration: QueueIntegration, turn: AgentTurn): Promise<TypebotAnswer> {
    return this.call(integration, `/api/v1/typebots/${encodeURIComponent(integration.typebotSlug ?? '')}/startChat`, {
      isStreamEnabled: false,
      prefilledVariables: {
        number: turn.contact.number,
        pushName: turn.contact.name,
        name: turn.contact.name,
        email: turn.contact.email ?? '',
        ticketId: String(turn.ticketId),
        ticketUuid: turn.ticketUuid,
        firstMessage: turn.message.body,
      },
    });
  }

  private async send(companyId: CompanyId, message: TypebotMessage, io: AgentIo): Promise<void> {
    const text = textOf(message);
    if (text !== null) {
      if (text.trim()) await io.sendText(text);
      return;
    }
    const url = message.content?.url;
    if (!url) return;
    if (message.type === 'image') {
      const image = await this.download(companyId, url);
      if (image) {
        await io.sendMedia({ data: image, fileName: url.split('/').pop()?.split('?')[0] || 'image' });
        return;
      }
    }
    // Video, audio, embeds (and images that could not be fetched): the link.
    await io.sendText(url);
  }

  /** The image a bubble names, through the outbound guard (a refused address is logged there and sent as the link). */
  private async download(companyId: CompanyId, url: string): Promise<Buffer | null> {
    try {
      const res = await this.outbound.fetch({ companyId, purpose: 'typebot media' }, url, { signal: AbortSignal.timeout(this.config.integrationTimeoutMs) });
      if (!res.ok) return null;
      const data = Buffer.from(await res.arrayBuffer());
      return data.length && data.length <= 16 * 1024 * 1024 ? data : null;
    } catch {
      return null;
    }
  }

  private async call(integration: QueueIntegration, path: string, body: object): Promise<TypebotAnswer> {
    const base = (integration.urlN8N ?? '').replace(/\/+$/, '');
    const res = await this.outbound.fetch({ companyId: integration.companyId, purpose: `typebot integration ${integration.id}` }, `${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.config.integrationTimeoutMs),
    });
    if (!res.ok) throw new TypebotHttpError(res.status);
    return (await res.json()) as TypebotAnswer;
  }
}
