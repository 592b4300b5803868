import type { Schema } from '../../../client';
import { compose, maxLength, minLength, required, type Rule } from '../../../forms/validators';
import { can, type Me } from '../../../provider/session-rules';
import { fullWeek, type Schedule } from '../business-hours/business-hours';

export type Queue = Schema<'QueueDto'>;
export type QueueBody = Schema<'CreateQueueDto'>;

/** What the form edits; the hours travel beside it (the editor is a tab of the same modal). */
export interface QueueFormValues {
  name: string;
  color: string;
  /** Typed text: blank means no position (the queue sorts last). */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  /** The company's holidays close this queue (its customers get the holiday's message). */
  optionHolidays: boolean;
  /** The AI prompt answering the queue's tickets (a prompt id, or 'none'); left out, the body leaves it as it is. */
  promptId?: string;
  /** The queue integration answering the queue's tickets (an integration id, or 'none'); left out, the body leaves it as it is. */
  integrationId?: string;
}

/** The colours a new queue is offered, in order; the first one no other queue uses is the default. */
export const QUEUE_PALETTE = ['#7C4DFF', '#FF9800', '#009688', '#E91E63', '#3F51B5', '#8BC34A', '#795548', '#00BCD4', '#F44336', '#607D8B'];

export function suggestColor(queues: readonly Pick<Queue, 'color'>[] | undefined): string {
  const used = new Set((queues ?? []).map((q) => q.color.toLowerCase()));
  return QUEUE_PALETTE.find((c) => !used.has(c.toLowerCase())) ?? QUEUE_PALETTE[0];
}

export function queueFormValues(queue: Queue | null | undefined, suggestedColor: string): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? suggestedColor,
    orderQueue: queue?.orderQueue == null ? '' : String(queue.orderQueue),
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    optionHolidays: queue?.optionHolidays === 'enabled',
  };
}

/** The week the modal starts from: the queue's, completed; a new queue's is the spec's default. */
export const queueSchedules = (queue: Queue | null | undefined): Schedule[] => fullWeek(queue?.schedules);

/** POST /queue and PUT /queue/{id}: trimmed texts, blank ones as null, the order as a number or null. */
export function queueBody(values: QueueFormValues, schedules: Schedule[] | undefined): QueueBody {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  const order = values.orderQueue.trim();
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    orderQueue: order === '' ? null : Number(order),
    greetingMessage: text(values.greetingMessage),
    outOfHoursMessage: text(values.outOfHoursMessage),
    optionHolidays: values.optionHolidays ? 'enabled' : 'disabled',
    ...(values.promptId !== undefined ? { promptId: values.promptId === 'none' ? null : Number(values.promptId) } : {}),
    ...(values.integrationId !== undefined ? { integrationId: values.integrationId === 'none' ? null : Number(values.integrationId) } : {}),
    ...(schedules ? { schedules } : {}),
  };
}

/** Spec §5: a colour is required, 3 to 9 characters (#rgb to #rrggbbaa, or a colour name). */
export const colorRule: Rule<unknown> = compose(required(), minLength(3, 'queues.validation.color'), maxLength(9, 'queues.validation.color'));

/** Blank, or a whole number from 0. */
export const orderRule: Rule<unknown> = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' || /^\d{1,6}$/.test(text) || 'queues.validation.order';
};

/**
 * Spec §5: a greeting is required when the company has more than one queue. `otherQueues` counts the company's
 * queues besides this one: one or more means the company will have several once this one is saved.
 */
export function greetingRule(otherQueues: number): Rule<unknown> {
  return (value) => otherQueues < 1 || (typeof value === 'string' && value.trim() !== '') || 'queues.validation.greeting';
}

export interface QueuePermissions {
  /** queues:write: add, edit, delete, and the option tree. */
  canWrite: boolean;
}

export const queuePermissions = (me: Me | undefined): QueuePermissions => ({ canWrite: can(me, 'queues:write') });

/** Colours as the API answers them may be names or #rgb: a swatch needs something CSS takes, which both are. */
export const swatchColor = (color: string): string => color.trim();
