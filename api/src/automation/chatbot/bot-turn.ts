import type { CompanyId } from '../../common/tenancy/company-id';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql, type TenantSql } from '../../common/tenancy/tenant-sql';
import type { WeeklyHours } from '../../tenant/companies/company.entity';
import { settingOrDefault } from '../../tenant/settings/setting-keys';
import { toDate } from '../../ticket/tickets/ticket-rows';
import { connectionQueueRows, turnRow, type QueueColumns } from './chatbot.queries';
import type { HoursRules } from '../business-hours/business-hours.service';
import type { BotStage } from './ticket-bot.entity';

/**
 * What the chatbot reads and writes in a turn, as plain rows (ChatbotService works on these, never on entities).
 * A turn's state is one prepared read: the ticket with its contact's name, its connection's bot fields, its queue,
 * its bot state, the company's time zone and the two settings the bot obeys. Through the ORM the same took five
 * statements and about 4 ms of CPU per new conversation (entity hydration), most of the bot's cost in bench:ingest.
 */

export interface BotTicket {
  id: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  ratingUntil: Date | null;
  contactName: string;
}

/** The connection's fields the bot uses. */
export interface BotConnection {
  id: number;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  integrationId: number | null;
  promptId: number | null;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  /** The connection's provider: automatic messages on one that is not official need no window check. */
  provider: string;
}

/** A queue as the menu and the hours rules see it. */
export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  optionHolidays: 'enabled' | 'disabled';
  schedules: WeeklyHours[];
  integrationId: number | null;
  promptId: number | null;
}

/** A ticket's row of ticket_bots (see TicketBot). */
export interface BotState {
  stage: BotStage | null;
  optionId: number | null;
  attempts: number;
  menuSentAt: Date | null;
  expiresAt: Date | null;
  outOfHoursAt: Date | null;
}

export interface BotOption {
  id: number;
  option: number;
  title: string;
  message: string | null;
}

export interface TurnState {
  ticket: BotTicket;
  whatsapp: BotConnection | null;
  queue: BotQueue | null;
  bot: BotState | null;
  hours: HoursRules;
  /** Setting timeOut in ms: a menu left unanswered that long is dropped. */
  menuTimeOutMs: number;
}

const date = (v: string | Date | null): Date | null => (v === null ? null : toDate(v));

function queueFrom(id: number, r: QueueColumns): BotQueue {
  return {
    id,
    name: r.q_name ?? '',
    greetingMessage: r.q_greeting,
    outOfHoursMessage: r.q_out_of_hours,
    optionHolidays: r.q_option_holidays,
    schedules: r.q_schedules ?? [],
    integrationId: r.q_integration_id,
    promptId: r.q_prompt_id,
  };
}

/** The turn's state, or null when the ticket is gone. */
export async function readTurn(em: EntityManager, companyId: CompanyId, ticketId: number): Promise<TurnState | null> {
  const r = await turnRow(tenantSql(em, companyId), ticketId);
  if (!r) return null;
  const minutes = Number(settingOrDefault('timeOut', r.time_out) || '5');
  return {
    ticket: {
      id: r.id,
      status: r.status,
      userId: r.user_id,
      queueId: r.queue_id,
      useIntegration: r.use_integration,
      integrationId: r.integration_id,
      promptId: r.prompt_id,
      ratingUntil: date(r.rating_until),
      contactName: r.contact_name ?? '',
    },
    whatsapp:
      r.w_id === null
        ? null
        : {
            id: r.w_id,
            greetingMessage: r.w_greeting,
            outOfHoursMessage: r.w_out_of_hours,
            integrationId: r.w_integration_id,
            promptId: r.w_prompt_id,
            timeUseBotQueues: r.w_time_use,
            maxUseBotQueues: r.w_max_use,
            provider: r.w_provider,
          },
    queue: r.queue_id === null ? null : queueFrom(r.queue_id, r),
    bot: r.has_bot
      ? {
          stage: r.b_stage,
          optionId: r.b_option_id,
          attempts: r.b_attempts ?? 0,
          menuSentAt: date(r.b_menu_sent_at),
          expiresAt: date(r.b_expires_at),
          outOfHoursAt: date(r.b_out_of_hours_at),
        }
      : null,
    hours: { timezone: r.timezone, scheduleType: settingOrDefault('scheduleType', r.schedule_type) },
    menuTimeOutMs: (Number.isFinite(minutes) && minutes > 0 ? minutes : 5) * 60_000,
  };
}

/** The connection's queues as the menu numbers them: orderQueue (unset last), then name. */
export async function connectionQueues(db: TenantSql, whatsappId: number): Promise<BotQueue[]> {
  return (await connectionQueueRows(db, whatsappId)).map((r) => queueFrom(r.id, r));
}
