import type { CompanyId } from '../../common/company-id';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql, type TenantSql } from '../../database/tenant-sql';
import type { WeeklyHours } from '../../tenant/companies/company.entity';
import { settingOrDefault } from '../../tenant/settings/setting-keys';
import { toDate } from '../../ticket/tickets/ticket-rows';
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

interface TurnRow {
  id: number;
  status: string;
  user_id: number | null;
  queue_id: number | null;
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  rating_until: string | Date | null;
  contact_name: string | null;
  w_id: number | null;
  w_greeting: string | null;
  w_out_of_hours: string | null;
  w_integration_id: number | null;
  w_prompt_id: number | null;
  w_time_use: number;
  w_max_use: number;
  q_name: string | null;
  q_greeting: string | null;
  q_out_of_hours: string | null;
  q_option_holidays: 'enabled' | 'disabled';
  q_schedules: WeeklyHours[] | null;
  q_integration_id: number | null;
  q_prompt_id: number | null;
  has_bot: boolean;
  b_stage: BotStage | null;
  b_option_id: number | null;
  b_attempts: number | null;
  b_menu_sent_at: string | Date | null;
  b_expires_at: string | Date | null;
  b_out_of_hours_at: string | Date | null;
  timezone: string;
  schedule_type: string | null;
  time_out: string | null;
}

const QUEUE_COLUMNS = `q.name as q_name, q.greeting_message as q_greeting, q.out_of_hours_message as q_out_of_hours,
       q.option_holidays as q_option_holidays, q.schedules as q_schedules, q.integration_id as q_integration_id, q.prompt_id as q_prompt_id`;

const TURN_SQL = `
  select t.id, t.status, t.user_id, t.queue_id, t.use_integration, t.integration_id, t.prompt_id, t.rating_until,
         ct.name as contact_name,
         w.id as w_id, w.greeting_message as w_greeting, w.out_of_hours_message as w_out_of_hours, w.integration_id as w_integration_id,
         w.prompt_id as w_prompt_id, w.time_use_bot_queues as w_time_use, w.max_use_bot_queues as w_max_use,
         ${QUEUE_COLUMNS},
         b.ticket_id is not null as has_bot, b.stage as b_stage, b.option_id as b_option_id, b.attempts as b_attempts,
         b.menu_sent_at as b_menu_sent_at, b.expires_at as b_expires_at, b.out_of_hours_at as b_out_of_hours_at,
         c.timezone,
         (select s.value from settings s where s.company_id = :companyId and s.key = 'scheduleType') as schedule_type,
         (select s.value from settings s where s.company_id = :companyId and s.key = 'timeOut') as time_out
    from tickets t
    join companies c on c.id = t.company_id
    left join contacts ct on ct.id = t.contact_id
    left join whatsapps w on w.id = t.whatsapp_id
    left join queues q on q.id = t.queue_id
    left join ticket_bots b on b.ticket_id = t.id
   where t.id = ? and t.company_id = :companyId`;

type QueueColumns = Pick<TurnRow, 'q_name' | 'q_greeting' | 'q_out_of_hours' | 'q_option_holidays' | 'q_schedules' | 'q_integration_id' | 'q_prompt_id'>;

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
  const [r] = await tenantSql(em, companyId).prepared<TurnRow>('bot-turn', TURN_SQL, [ticketId]);
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
  const rows = await db.prepared<{ id: number } & QueueColumns>(
    'bot-queues',
    `select q.id, ${QUEUE_COLUMNS}
       from whatsapp_queues wq join queues q on q.id = wq.queue_id
      where wq.whatsapp_id = ? and q.company_id = :companyId
      order by q.order_queue asc nulls last, q.name asc`,
    [whatsappId],
  );
  return rows.map((r) => queueFrom(r.id, r));
}

/** A queue's options under `parentId` (null: its first level), in menu order. */
export function optionsOf(db: TenantSql, queueId: number, parentId: number | null): Promise<BotOption[]> {
  return parentId === null
    ? db.prepared<BotOption>(
        'bot-options-root',
        'select o.id, o.option, o.title, o.message from queue_options o where o.company_id = :companyId and o.queue_id = ? and o.parent_id is null order by o.option, o.id',
        [queueId],
      )
    : db.prepared<BotOption>(
        'bot-options',
        'select o.id, o.option, o.title, o.message from queue_options o where o.company_id = :companyId and o.queue_id = ? and o.parent_id = ? order by o.option, o.id',
        [queueId, parentId],
      );
}

/** The option above `optionId` (null at the first level, or when the option is gone). */
export async function parentOption(db: TenantSql, optionId: number): Promise<number | null> {
  const [row] = await db.execute<{ parent_id: number | null }>('select o.parent_id from queue_options o where o.id = ? and o.company_id = :companyId', [
    optionId,
  ]);
  return row?.parent_id ?? null;
}

/** Writes a ticket's whole bot state (one upsert). */
export async function writeBotState(db: TenantSql, ticketId: number, s: BotState): Promise<void> {
  await db.execute(
    `insert into ticket_bots (ticket_id, company_id, stage, option_id, attempts, menu_sent_at, expires_at, out_of_hours_at, created_at, updated_at)
     values (?, :companyId, ?, ?, ?, ?, ?, ?, now(), now())
     on conflict (ticket_id) do update set stage = excluded.stage, option_id = excluded.option_id, attempts = excluded.attempts,
       menu_sent_at = excluded.menu_sent_at, expires_at = excluded.expires_at, out_of_hours_at = excluded.out_of_hours_at, updated_at = now()`,
    [ticketId, s.stage, s.optionId, s.attempts, s.menuSentAt, s.expiresAt, s.outOfHoursAt],
    'run',
  );
}

export async function deleteBotState(db: TenantSql, ticketId: number): Promise<void> {
  await db.execute('delete from ticket_bots where ticket_id = ? and company_id = :companyId', [ticketId], 'run');
}
