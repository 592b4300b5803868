import type { CompanyId } from '../../common/tenancy/company-id';
import { Injectable, Logger } from '@nestjs/common';
import { displayName, sniffMediaType } from '../../common/infra/media-type';
import { MediaStorageService } from '../../ticket/messages/media-storage.service';
import { OutboundService } from '../../ticket/messages/outbound.service';
import type { TemplatePurpose } from '../../connection/whatsapps/whatsapp.entity';

/**
 * How automation speaks: every message it writes is stored and sent through the outbound pipeline with source
 * 'bot' (shown as the bot's in the chat, sent by the process that owns the connection, retried like any other).
 * An automatic message names its purpose (greeting, farewell, ...): on an official connection outside the customer's
 * 24-hour window it goes as that purpose's chosen template; a refusal there (no template chosen, the window closed
 * for the bot's own words) is stored by OutboundService as a failed message with its reason and sends nothing, never
 * failing the automation around it.
 */
@Injectable()
export class BotSenderService {
  private readonly log = new Logger('BotSender');

  constructor(
    private readonly outbound: OutboundService,
    private readonly media: MediaStorageService,
  ) {}

  /** `provider`: the ticket's connection's, when the caller has just read it (OutboundOptions.connectionProvider). */
  async text(companyId: CompanyId, ticketId: number, body: string, purpose?: TemplatePurpose, provider?: string): Promise<void> {
    const text = body.trim();
    if (!text) return;
    await this.outbound.queueText(companyId, ticketId, text, { source: 'bot', purpose, connectionProvider: provider });
  }

  /** A file (an image, an AI voice reply) with an optional caption; a file WhatsApp cannot carry is sent as its caption alone. */
  async file(companyId: CompanyId, ticketId: number, data: Buffer, fileName: string, caption = '', purpose?: TemplatePurpose): Promise<void> {
    const type = sniffMediaType(data);
    const stored = type ? await this.media.store(companyId, data, type) : null;
    if (!stored) {
      this.log.warn(`ticket ${ticketId}: ${fileName} is not a file type WhatsApp carries; sending the caption alone`);
      await this.text(companyId, ticketId, caption, purpose);
      return;
    }
    await this.outbound.queueMedia(
      companyId,
      ticketId,
      caption,
      { path: stored.path, mediaType: stored.type.kind, mediaName: displayName(fileName, stored.type.ext) },
      { source: 'bot', purpose },
    );
  }
}
