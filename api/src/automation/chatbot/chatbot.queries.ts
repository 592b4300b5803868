import type { Statements } from '../../common/tenancy/sql-statements';
import type { TenantSql } from '../../common/tenancy/tenant-sql';
import type { WeeklyHours } from '../../tenant/companies/company.entity';
import type { BotOption, BotState } from './bot-turn';
import type { BotStage } from './ticket-bot.entity';

/** Every statement of automation/chatbot, the chatbot (see src/common/tenancy/README.md): a turn's state, menus and bot rows. */

export interface TurnRow {
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
  w_provider: string;
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
         w.prompt_id as w_prompt_id, w.time_use_bot_queues as w_time_use, w.max_use_bot_queues as w_max_use, w.provider as w_provider,
         ${QUEUE_COLUMNS},
         b.ticket_id is not null as has_bot, b.stage as b_stage, b.option_id as b_option_id, b.attempts as b_attempts,
         b.menu_sent_at as b_menu_sent_at, b.expires_at as b_expires_at, b.out_of_hours_at as b_out_of_hours_at,
         c.timezone,
         (select s.value from settings s where s.company_id = :companyId and s.key = 'scheduleType') as schedule_type,
         (select s.value from settings s where s.company_id = :companyId and s.key = 'timeOut') as time_out
    from tickets t
    join companies c on c.id = t.company_id
    left join contacts ct on ct.id = t.contact_id and ct.company_id = :companyId
    left join whatsapps w on w.id = t.whatsapp_id and w.company_id = :companyId
    left join queues q on q.id = t.queue_id and q.company_id = :companyId
    left join ticket_bots b on b.ticket_id = t.id and b.company_id = :companyId
   where t.id = ? and t.company_id = :companyId`;

export type QueueColumns = Pick<TurnRow, 'q_name' | 'q_greeting' | 'q_out_of_hours' | 'q_option_holidays' | 'q_schedules' | 'q_integration_id' | 'q_prompt_id'>;

const BOT_QUEUES = `select q.id, ${QUEUE_COLUMNS}
   from whatsapp_queues wq join queues q on q.id = wq.queue_id
  where wq.whatsapp_id = ? and q.company_id = :companyId
  order by q.order_queue asc nulls last, q.name asc`;
const OPTIONS_ROOT =
  'select o.id, o.option, o.title, o.message from queue_options o where o.company_id = :companyId and o.queue_id = ? and o.parent_id is null order by o.option, o.id';
const OPTIONS =
  'select o.id, o.option, o.title, o.message from queue_options o where o.company_id = :companyId and o.queue_id = ? and o.parent_id = ? order by o.option, o.id';
const PARENT_OPTION = 'select o.parent_id from queue_options o where o.id = ? and o.company_id = :companyId';
const WRITE_BOT_STATE = `insert into ticket_bots (ticket_id, company_id, stage, option_id, attempts, menu_sent_at, expires_at, out_of_hours_at, created_at, updated_at)
  values (?, :companyId, ?, ?, ?, ?, ?, ?, now(), now())
  on conflict (ticket_id) do update set stage = excluded.stage, option_id = excluded.option_id, attempts = excluded.attempts,
    menu_sent_at = excluded.menu_sent_at, expires_at = excluded.expires_at, out_of_hours_at = excluded.out_of_hours_at, updated_at = now()`;
const DELETE_BOT_STATE = 'delete from ticket_bots where ticket_id = ? and company_id = :companyId';
/** Of the batch's tickets, those the engine answers: a rating asked, a bot, an agent, or a new queueless ticket. */
const RELEVANT = `select t.id from tickets t left join ticket_bots b on b.ticket_id = t.id and b.company_id = :companyId
  where t.company_id = :companyId and t.id = any(?::int[])
    and ((t.status = 'closed' and t.rating_until > ?)
      or (t.status = 'pending' and t.user_id is null
          and ((t.use_integration and t.integration_id is not null) or t.prompt_id is not null or b.stage is not null
               or (t.queue_id is null and b.ticket_id is null))))`;
const DROP_MENU =
  'update ticket_bots set stage = null, option_id = null, expires_at = null where ticket_id = ? and company_id = :companyId and stage is not null';

export const STATEMENTS: Statements = {
  botQueues: BOT_QUEUES,
  deleteBotState: DELETE_BOT_STATE,
  dropMenu: DROP_MENU,
  options: OPTIONS,
  optionsRoot: OPTIONS_ROOT,
  parentOption: PARENT_OPTION,
  relevant: RELEVANT,
  turn: TURN_SQL,
  writeBotState: WRITE_BOT_STATE,
};

/** A turn's row, prepared (every customer message of a bot's ticket reads it). */
export async function turnRow(db: TenantSql, ticketId: number): Promise<TurnRow | undefined> {
  return (await db.prepared<TurnRow>('bot-turn', TURN_SQL, [ticketId]))[0];
}

/** The connection's queues' rows as the menu numbers them: orderQueue (unset last), then name. */
export function connectionQueueRows(db: TenantSql, whatsappId: number): Promise<({ id: number } & QueueColumns)[]> {
  return db.prepared<{ id: number } & QueueColumns>('bot-queues', BOT_QUEUES, [whatsappId]);
}

/** A queue's options under `parentId` (null: its first level), in menu order. */
export function optionsOf(db: TenantSql, queueId: number, parentId: number | null): Promise<BotOption[]> {
  return parentId === null
    ? db.prepared<BotOption>('bot-options-root', OPTIONS_ROOT, [queueId])
    : db.prepared<BotOption>('bot-options', OPTIONS, [queueId, parentId]);
}

/** The option above `optionId` (null at the first level, or when the option is gone). */
export async function parentOption(db: TenantSql, optionId: number): Promise<number | null> {
  return (await db.execute<{ parent_id: number | null }>(PARENT_OPTION, [optionId]))[0]?.parent_id ?? null;
}

/** Writes a ticket's whole bot state (one upsert). */
export async function writeBotState(db: TenantSql, ticketId: number, s: BotState): Promise<void> {
  await db.execute(WRITE_BOT_STATE, [ticketId, s.stage, s.optionId, s.attempts, s.menuSentAt, s.expiresAt, s.outOfHoursAt], 'run');
}

export async function deleteBotState(db: TenantSql, ticketId: number): Promise<void> {
  await db.execute(DELETE_BOT_STATE, [ticketId], 'run');
}

/** Of these tickets, the ones the engine answers now (`now`: a rating's deadline). */
export async function relevantTickets(db: TenantSql, ticketIds: number[], now: Date): Promise<number[]> {
  return (await db.execute<{ id: number }>(RELEVANT, [ticketIds, now])).map((r) => r.id);
}

/** A person or the system moved the ticket: its open menu goes (the bot row stays). */
export async function dropMenu(db: TenantSql, ticketId: number): Promise<void> {
  await db.execute(DROP_MENU, [ticketId], 'run');
}
