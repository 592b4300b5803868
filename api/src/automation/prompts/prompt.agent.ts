import type { CompanyId } from '../../common/tenancy/company-id';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { OutboundGuard } from '../../common/infra/outbound/outbound-guard';
import { forkForCompany } from '../../common/tenancy/tenant-filter';
import { tenantSql } from '../../common/tenancy/tenant-sql';
import { recentMessages, ticketPrompt } from './prompts.queries';
import { MediaStorageService } from '../../ticket/messages/media-storage.service';
import { MediaNotFoundError } from '../../common/infra/media-store/media-store';
import type { AgentIo, AgentTurn, TicketAgent } from '../agents/agent';
import { AgentRegistry } from '../agents/agent-registry';
import { TEXT_VOICE } from './prompt.entity';
import { PromptsService } from './prompts.service';
import { HAND_OFF_INSTRUCTION, readReply } from './prompts.rules';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Speech models of the OpenAI audio endpoints (see README: why not the Azure Speech SDK). */
export const TRANSCRIPTION_MODEL = 'whisper-1';
export const SPEECH_MODEL = 'tts-1';

/**
 * The 'prompt' agent: answers a ticket's customer with the ticket's AI prompt through an OpenAI-compatible chat
 * API (the official `openai` SDK, the prompt's base URL, model, temperature and max tokens), reading the ticket's
 * last `maxMessages` messages as the conversation. A reply with the transfer marker, or a customer asking for a
 * person, hands the ticket to people after the reply. With a voice, audio is transcribed and replies are spoken.
 * Rules: ./README.md.
 */
@Injectable()
export class PromptAgent implements TicketAgent, OnModuleInit {
  readonly kind = 'prompt' as const;
  private readonly log = new Logger(PromptAgent.name);

  constructor(
    private readonly registry: AgentRegistry,
    private readonly em: EntityManager,
    private readonly prompts: PromptsService,
    private readonly media: MediaStorageService,
    private readonly outbound: OutboundGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async respond(turn: AgentTurn, io: AgentIo): Promise<void> {
    const em = forkForCompany(this.em, turn.companyId);
    const sql = tenantSql(em, turn.companyId);
    const ticket = await ticketPrompt(sql, turn.ticketId);
    if (!ticket?.prompt_id) throw new Error(`ticket ${turn.ticketId} has no prompt`);
    const prompt = await this.prompts.forAgent(em, turn.companyId, ticket.prompt_id);
    if (!prompt) throw new Error(`prompt ${ticket.prompt_id} not found`);
    const voice = prompt.voice !== TEXT_VOICE;
    // The base URL is the company's: every request (and redirect) goes through the outbound guard, key included.
    const guarded = this.outbound.fetcher({ companyId: turn.companyId, purpose: `prompt ${prompt.id}` });
    // The client library (some 150 modules) loads at the first AI turn, not at every process's start.
    const { default: OpenAI } = await import('openai');
    const client = new OpenAI({
      apiKey: prompt.plainApiKey,
      baseURL: prompt.baseUrl || OPENAI_BASE_URL,
      timeout: this.config.integrationTimeoutMs,
      maxRetries: 1,
      fetch: guarded,
    });
    const speech = voice
      ? new OpenAI({
          apiKey: prompt.plainVoiceKey || prompt.plainApiKey,
          baseURL: prompt.baseUrl || OPENAI_BASE_URL,
          timeout: this.config.integrationTimeoutMs,
          maxRetries: 1,
          fetch: guarded,
        })
      : null;

    let customerText = turn.message.body;
    if (speech && turn.message.mediaType === 'audio' && turn.message.mediaPath) {
      customerText = await this.transcribe(speech, turn.companyId, turn.message.mediaPath);
    }
    const history = await this.history(turn, prompt.maxMessages, customerText);

    const completion = await client.chat.completions.create({
      model: prompt.model,
      messages: [{ role: 'system', content: `${prompt.prompt}\n\n${HAND_OFF_INSTRUCTION}` }, ...history],
      max_tokens: prompt.maxTokens,
      temperature: prompt.temperature,
    });
    const reply = completion.choices[0]?.message?.content ?? '';
    const { text, handOff } = readReply(reply, customerText);
    if (!text && !handOff) throw new Error('the AI service answered nothing');

    if (text) {
      if (speech) {
        const audio = await speech.audio.speech.create({ model: SPEECH_MODEL, voice: prompt.voice, input: text, response_format: 'opus' });
        await io.sendMedia({ data: Buffer.from(await audio.arrayBuffer()), fileName: 'resposta.ogg' });
      } else {
        await io.sendText(text);
      }
    }
    if (handOff) {
      this.log.log(`ticket ${turn.ticketId}: handed to people`);
      await io.handOff('customer asked for a person');
    }
  }

  /**
   * The ticket's last `max` messages, oldest first: the customer's as `user`, ours (attendants and bots) as
   * `assistant`. The message of this turn is last, with its transcription when it was audio.
   */
  private async history(turn: AgentTurn, max: number, customerText: string): Promise<ChatCompletionMessageParam[]> {
    const rows = await recentMessages(tenantSql(forkForCompany(this.em, turn.companyId), turn.companyId), turn.ticketId, max);
    const ordered = rows.reverse().filter((r) => r.id !== turn.message.id);
    if (ordered.length >= max) ordered.shift(); // room for this turn's message
    const out: ChatCompletionMessageParam[] = ordered
      .filter((r) => r.body.trim())
      .map((r) => (r.from_me ? { role: 'assistant' as const, content: r.body } : { role: 'user' as const, content: r.body }));
    out.push({ role: 'user', content: customerText || '(mensagem sem texto)' });
    return out;
  }

  private async transcribe(client: OpenAI, companyId: CompanyId, mediaPath: string): Promise<string> {
    const key = this.media.keyOf(companyId, mediaPath);
    const data = await this.media.mediaStore.readBuffer(key);
    if (!data) throw new MediaNotFoundError(key);
    const name = mediaPath.split('/').pop() ?? 'audio.ogg';
    const { toFile } = await import('openai');
    const result = await client.audio.transcriptions.create({ file: await toFile(data, name), model: TRANSCRIPTION_MODEL });
    return result.text.trim();
  }
}
