import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { SecretBox } from '../../../common/infra/secret-box';
import type { AgentIo, AgentTurn, TicketAgent } from '../../agents/agent';
import { AgentRegistry } from '../../agents/agent-registry';
import { DialogflowGateway, parseServiceAccount } from '../dialogflow.gateway';
import { integrationOf } from './integration-of';

/**
 * Dialogflow ES: each customer message is a detectIntent in the session named by the ticket's uuid, in the
 * integration's language; the fulfillment texts are the answer. An intent that ends the interaction (or asks for
 * a person) hands the ticket to people after its texts. Media without a caption is not sent to Dialogflow.
 */
@Injectable()
export class DialogflowAgent implements TicketAgent, OnModuleInit {
  readonly kind = 'dialogflow' as const;

  constructor(
    private readonly registry: AgentRegistry,
    private readonly em: EntityManager,
    private readonly box: SecretBox,
    private readonly gateway: DialogflowGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async respond(turn: AgentTurn, io: AgentIo): Promise<void> {
    const integration = await integrationOf(this.em, turn, ['dialogflow']);
    if (!integration.jsonContent || !integration.projectName) throw new Error(`dialogflow integration ${integration.id} has no credentials`);
    const text = turn.message.body.trim();
    if (!text) return;
    const account = parseServiceAccount(this.box.open(integration.jsonContent));
    const result = await this.gateway.detect(
      turn.companyId,
      `${turn.companyId}:${integration.id}`,
      account,
      integration.projectName,
      turn.ticketUuid,
      text.slice(0, 256), // Dialogflow's limit for a text query
      integration.language,
      this.config.integrationTimeoutMs,
    );
    for (const reply of result.texts) await io.sendText(reply);
    if (result.end) await io.handOff(`dialogflow: end of conversation${result.intent ? ` (${result.intent})` : ''}`);
  }
}
