import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../common/http/errors';
import type { RequestContext } from '../../common/access/request-context';
import { ConnectionError } from '../connection.errors';
import { ConnectionSessionsService } from '../sessions/connection-sessions.service';
import { WhatsappService } from '../whatsapps/whatsapp.service';
import { isOfficial } from '../whatsapps/whatsapp.entity';
import { ListMessageTemplatesDto, mapMessageTemplate, MessageTemplateDto } from './dto/message-template.dto';
import { MessageTemplate } from './message-template.entity';
import { addTemplates } from './template-rows';

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
    await this.em.transactional(async (em) => {
      await em.nativeDelete(MessageTemplate, { companyId: ctx.companyId, whatsappId: w.id });
      addTemplates(em, ctx.companyId, w.id, listed);
      await em.flush();
    });
    return this.list(ctx, w.id, {});
  }
}
