import { Injectable } from '@nestjs/common';
import type { SessionsClient } from '@google-cloud/dialogflow';
import type { CompanyId } from '../../common/tenancy/company-id';
import { OutboundGuard } from '../../common/infra/outbound/outbound-guard';
import type { DialogflowLanguage } from './queue-integration.entity';

/** The parts of a service-account key file the client needs. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
}

export interface DetectResult {
  /** Fulfillment texts, in order. */
  texts: string[];
  /** The agent marked the end of the conversation (or asked for a person). */
  end: boolean;
  intent: string | null;
}

/** Reads a service-account JSON; throws a message fit for the dialog when it is not one. */
export function parseServiceAccount(json: string): ServiceAccount {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('The JSON content is not valid JSON');
  }
  const v = value as Partial<ServiceAccount> | null;
  if (!v || typeof v !== 'object' || typeof v.client_email !== 'string' || typeof v.private_key !== 'string') {
    throw new Error('The JSON content is not a service-account key (client_email and private_key are required)');
  }
  return { client_email: v.client_email, private_key: v.private_key, token_uri: v.token_uri, project_id: v.project_id };
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

/**
 * Dialogflow ES through Google's official client (`@google-cloud/dialogflow`, SessionsClient.detectIntent), over its
 * HTTP/1.1 REST transport. `endpoint` points it elsewhere (tests: a local fake; the key's `token_uri` then keeps the
 * token exchange local too). Every request, the token exchange at the key's `token_uri` included, goes through the
 * outbound guard: the key file is the company's, and so is the URL in it. The client library (with gRPC, google-gax and
 * protobufjs, some 250 modules) loads at the first Dialogflow turn, not at every process's start.
 */
@Injectable()
export class DialogflowGateway {
  constructor(private readonly outbound: OutboundGuard) {}

  /** null: Google's `dialogflow.googleapis.com`. */
  endpoint: { host: string; port: number; protocol: 'http' | 'https' } | null = null;
  private readonly clients = new Map<string, { key: string; client: SessionsClient }>();

  async detect(
    companyId: CompanyId,
    cacheKey: string,
    account: ServiceAccount,
    projectName: string,
    sessionId: string,
    text: string,
    language: DialogflowLanguage,
    timeoutMs: number,
  ): Promise<DetectResult> {
    const client = await this.client(companyId, cacheKey, account);
    const session = client.projectAgentSessionPath(projectName, sessionId);
    const [response] = await client.detectIntent({ session, queryInput: { text: { text, languageCode: language } } }, { timeout: timeoutMs, maxRetries: 0 });
    const result = response.queryResult ?? {};
    const texts = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t): t is string => !!t && !!t.trim());
    if (!texts.length && result.fulfillmentText?.trim()) texts.push(result.fulfillmentText);
    const params = result.parameters?.fields ?? {};
    const param = (name: string) => {
      const f = params[name];
      return f ? (f.boolValue ?? f.stringValue ?? f.numberValue) : undefined;
    };
    const diagnostic = result.diagnosticInfo?.fields?.end_conversation;
    const end =
      !!result.intent?.endInteraction ||
      !!result.intent?.liveAgentHandoff ||
      truthy(param('handoff')) ||
      truthy(param('end_conversation')) ||
      truthy(diagnostic?.boolValue) ||
      (result.fulfillmentMessages ?? []).some((m) => truthy(m.payload?.fields?.handOff?.boolValue) || truthy(m.payload?.fields?.end_conversation?.boolValue));
    return { texts, end, intent: result.intent?.displayName ?? null };
  }

  /** One client per integration while its credentials stay the same (a client holds its access token). */
  private async client(companyId: CompanyId, cacheKey: string, account: ServiceAccount): Promise<SessionsClient> {
    const key = `${account.client_email}|${account.private_key.length}|${account.token_uri ?? ''}|${JSON.stringify(this.endpoint)}`;
    const cached = this.clients.get(cacheKey);
    if (cached && cached.key === key) return cached.client;
    void cached?.client.close().catch(() => undefined);
    const { SessionsClient } = await import('@google-cloud/dialogflow');
    const client = new SessionsClient({
      fallback: true,
      credentials: { client_email: account.client_email, private_key: account.private_key, ...(account.token_uri ? { token_uri: account.token_uri } : {}) },
      ...(account.project_id ? { projectId: account.project_id } : {}),
      // The guard's fetch (Node's own underneath) for the token exchange and the calls (gaxios would otherwise import
      // node-fetch at run time).
      clientOptions: { transporterOptions: { fetchImplementation: this.outbound.fetcher({ companyId, purpose: 'dialogflow' }) } },
      ...(this.endpoint ? { apiEndpoint: this.endpoint.host, port: this.endpoint.port, protocol: this.endpoint.protocol } : {}),
    });
    if (this.clients.size > 500) this.clients.clear();
    this.clients.set(cacheKey, { key, client });
    return client;
  }
}
