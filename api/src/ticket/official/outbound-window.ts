import { AppError, validationError } from '../../common/http/errors';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import { ConnectionError } from '../../connection/connection.errors';
import { isOfficial, type TemplateChoice, type TemplatePurpose } from '../../connection/whatsapps/whatsapp.entity';
import { fillMessageVariables, messageVariableValues } from '../quick-messages/message-variables';
import { approvedTemplate, numberWindow, placeholders, ticketWindow, type TemplateRow, type TicketWindowRow } from './official.queries';
import { planOutbound, PURPOSE_NAMES, renderTemplate, windowOf } from './window.rules';

/** A template as it is stored and sent: its params with the platform's placeholders filled, and its text rendered with them. */
export interface RenderedTemplate {
  name: string;
  language: string;
  params: string[];
  /** The template's body with the params in place: the message's text in the chat. */
  body: string;
}

/** An automatic message's chosen template, checked, before its placeholders are filled for a ticket. */
export interface PlannedTemplate {
  choice: TemplateChoice;
  template: TemplateRow;
}

export interface OutboundIntent {
  /** The automatic message this is (none: an attendant's, the API's or the bot's own words). */
  purpose?: TemplatePurpose;
  /** Who sends it: fills {{user}} (else the ticket's attendant). */
  userId?: number | null;
}

/**
 * What an outbound message of a ticket becomes on its connection (window.rules.ts, planOutbound): null to send it as
 * written; the purpose's chosen template, rendered, for an automatic message outside the customer's window on an
 * official connection; else the refusal is thrown (ERR_WINDOW_CLOSED, ERR_NO_TEMPLATE_CHOSEN naming the purpose,
 * ERR_TEMPLATE_NOT_FOUND when the chosen template is no longer an approved one). One prepared read for a QR-code
 * connection. A ticket that is not the company's answers null: the store then answers ERR_NO_TICKET_FOUND.
 */
export async function resolveOutbound(db: TenantSql, ticketId: number, intent: OutboundIntent, now = new Date()): Promise<RenderedTemplate | null> {
  const row = await ticketWindow(db, ticketId);
  const planned = row ? await plan(db, row, intent, now) : null;
  return planned ? renderFor(db, ticketId, planned, intent.userId ?? null) : null;
}

/**
 * The same decision for a number on a connection before its ticket exists (campaigns and schedules check first, so
 * a refused send opens no ticket): null to send as written, the checked template to render once the ticket is
 * known (`renderFor`), or the refusal thrown.
 */
export async function planForNumber(
  db: TenantSql,
  whatsappId: number,
  number: string,
  intent: OutboundIntent,
  now = new Date(),
): Promise<PlannedTemplate | null> {
  const row = await numberWindow(db, whatsappId, number);
  return row ? plan(db, row, intent, now) : null;
}

async function plan(db: TenantSql, row: TicketWindowRow, intent: OutboundIntent, now: Date): Promise<PlannedTemplate | null> {
  const decided = planOutbound({
    official: isOfficial(row.provider),
    window: windowOf(row.last_inbound_at, now),
    purpose: intent.purpose,
    choices: row.template_purposes,
  });
  if (decided.kind === 'as-written') return null;
  if (decided.kind === 'refused' && decided.code === 'ERR_WINDOW_CLOSED') throw new AppError(ConnectionError.ERR_WINDOW_CLOSED);
  if (decided.kind === 'refused') {
    throw new AppError(
      ConnectionError.ERR_NO_TEMPLATE_CHOSEN,
      `The customer's 24-hour window is closed and no template is chosen for the ${PURPOSE_NAMES[decided.purpose]} message of this official connection`,
    );
  }
  const what = `the template chosen for the ${PURPOSE_NAMES[decided.purpose]} message (${decided.choice.name}, ${decided.choice.language})`;
  const template = await approvedTemplate(db, row.whatsapp_id!, decided.choice.name, decided.choice.language);
  if (!template)
    throw new AppError(
      ConnectionError.ERR_TEMPLATE_NOT_FOUND,
      `The customer's 24-hour window is closed and ${what} is not an approved template of this connection`,
    );
  if (template.params !== decided.choice.params.length) {
    throw new AppError(ConnectionError.ERR_TEMPLATE_NOT_FOUND, `${what} takes ${template.params} values, ${decided.choice.params.length} are chosen`);
  }
  return { choice: decided.choice, template };
}

/**
 * An APPROVED template of the connection with the values its variables take (the template send route): checked,
 * ERR_TEMPLATE_NOT_FOUND when the connection has no such approved template, 400 (params) when the count differs.
 */
export async function checkTemplate(db: TenantSql, whatsappId: number, choice: TemplateChoice): Promise<PlannedTemplate> {
  const template = await approvedTemplate(db, whatsappId, choice.name, choice.language);
  if (!template) throw new AppError(ConnectionError.ERR_TEMPLATE_NOT_FOUND, `No approved template ${choice.name} (${choice.language}) on this connection`);
  if (choice.params.length !== template.params) {
    throw validationError([{ field: 'params', messages: [`The template takes ${template.params} values (one per variable), got ${choice.params.length}`] }]);
  }
  return { choice, template };
}

/**
 * The template rendered for a ticket: each param's placeholders ({{name}}, {{firstName}}, {{protocol}}, ... as in
 * quick messages, message-variables.ts) filled from the contact, the queue, the ticket and the sender (`userId`,
 * else the ticket's attendant), on the company's clock; the body's variables filled with the params.
 */
export async function renderFor(db: TenantSql, ticketId: number, planned: PlannedTemplate, userId: number | null): Promise<RenderedTemplate> {
  const row = await placeholders(db, ticketId, userId);
  const values = messageVariableValues({
    contact: row ? { name: row.contact_name, number: row.contact_number } : null,
    userName: row?.user_name,
    queueName: row?.queue_name ?? null,
    ticket: row ? { id: row.ticket_id, createdAt: row.ticket_created_at } : null,
    now: new Date(),
    timeZone: row?.timezone ?? undefined,
  });
  const params = planned.choice.params.map((p) => fillMessageVariables(p, values));
  const { name, language, body } = planned.template;
  return { name, language, params, body: renderTemplate(body, params) };
}
