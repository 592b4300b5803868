import { Injectable } from '@nestjs/common';
import type { AgentKind, TicketAgent } from './agent';

/**
 * Where the agent modules (prompts, queue integrations) put their agents at start, and where the engine finds the
 * one a ticket needs. An integration's type is its kind; an AI prompt is kind 'prompt'.
 */
@Injectable()
export class AgentRegistry {
  private readonly agents = new Map<AgentKind, TicketAgent>();

  register(agent: TicketAgent): void {
    if (this.agents.has(agent.kind)) throw new Error(`agent ${agent.kind} registered twice`);
    this.agents.set(agent.kind, agent);
  }

  get(kind: AgentKind): TicketAgent | undefined {
    return this.agents.get(kind);
  }
}
