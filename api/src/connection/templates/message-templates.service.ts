import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { ConnectionError } from '../connection.errors';
import type { ProviderTemplate } from '../providers/messaging-provider';
import { ConnectionSessionsService } from '../sessions/connection-sessions.service';
import { WhatsappService } from '../whatsapps/whatsapp.service';
import { isOfficial } from '../whatsapps/whatsapp.entity';
import { ListMessageTemplatesDto, mapMessageTemplate, MessageTemplateDto } from './dto/message-template.dto';
import { MessageTemplate } from './message-template.entity';

/**
 * The message templates of the company's official connections: the synced copy any user of the company reads (the
 * composer offers the approved ones outside the window), and the sync that replaces it with what the provider lists.
 */
@Injectable()
export class MessageTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly whatsapps: WhatsappService,
    private readonly sessions: ConnectionSessionsService,
  ) {}

  /** The connection's synced templates by name and language; ERR_NO_WAPP_FOUND for another company's connection. */
  async list(ctx: RequestContext, whatsappId: number, query: ListMessageTemplatesDto): Promise<MessageTemplateDto[]> {
    const w = await this.whatsapps.findOwned(this.em, ctx.companyId, whatsappId);
    const rows = await this.em.find(
      MessageTemplate,
      { companyId: ctx.companyId, whatsappId: w.id, ...(query.status ? { status: query.status } : {}) },
      { orderBy: { name: 'asc', language: 'asc' } },
    );
    return rows.map(mapMessageTemplate);
  }

  /**
   * Asks the provider running the session for the business account's templates and replaces the connection's rows
   * with them in one transaction. ERR_NOT_OFFICIAL for a QR-code connection, ERR_WAPP_NOT_INITIALIZED when no session
   * runs it.
   */
  async sync(ctx: RequestContext, whatsappId: number): Promise<MessageTemplateDto[]> {
    const w = await this.whatsapps.findOwned(this.em, ctx.companyId, whatsappId);
    if (!isOfficial(w.provider)) throw new AppError(ConnectionError.ERR_NOT_OFFICIAL);
    const listed = await this.sessions.templates(ctx.companyId, w.id);
    const syncedAt = new Date();
    await this.em.transactional(async (em) => {
      await em.nativeDelete(MessageTemplate, { companyId: ctx.companyId, whatsappId: w.id });
      for (const t of unique(listed)) {
        em.create(MessageTemplate, { companyId: ctx.companyId, whatsappId: w.id, ...t, syncedAt });
      }
      await em.flush();
    });
    return this.list(ctx, w.id, {});
  }
}

/** What the provider listed, fitted to the columns: one row per name and language (the first), lengths bounded. */
function unique(listed: ProviderTemplate[]): Omit<MessageTemplate, 'id' | 'companyId' | 'whatsappId' | 'syncedAt'>[] {
  const seen = new Set<string>();
  const out: Omit<MessageTemplate, 'id' | 'companyId' | 'whatsappId' | 'syncedAt'>[] = [];
  for (const t of listed) {
    const name = String(t.name ?? '').slice(0, 512);
    const language = String(t.language ?? '').slice(0, 16);
    const key = `${name}\u0000${language}`;
    if (!name || !language || seen.has(key)) continue;
    seen.add(key);
    out.push({
      name,
      language,
      status: String(t.status ?? 'PENDING')
        .toUpperCase()
        .slice(0, 20),
      category: String(t.category ?? '')
        .toUpperCase()
        .slice(0, 20),
      body: String(t.body ?? ''),
      header: t.header ?? null,
      footer: t.footer ?? null,
      params: Number.isInteger(t.params) && t.params >= 0 ? t.params : 0,
    });
  }
  return out;
}
