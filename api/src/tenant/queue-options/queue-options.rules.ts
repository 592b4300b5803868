import { QUEUE_OPTION_NUMBER_MAX, ROOT_PARENT } from './dto/queue-option.dto';

/**
 * A queue's option tree, as pure functions of plain values: the parent a form names, the number a new option takes,
 * the subtree a delete removes and the renumbering after it. QueueOptionsService reads the options under the queue's
 * lock and calls these; queue-options.rules.spec.ts tests them in milliseconds.
 */

/** The parent a body names: none (absent, null or the root marker) is the first level. */
export const parentOf = (parentId: number | null | undefined): number | null =>
  parentId === undefined || parentId === null || parentId === ROOT_PARENT ? null : parentId;

/** A new option's number: the one asked for, else one past the highest sibling; null when taken or past the maximum. */
export function newOptionNumber(asked: number | undefined, siblings: readonly { option: number }[]): number | null {
  const option = asked ?? siblings.reduce((max, s) => Math.max(max, s.option), 0) + 1;
  return siblings.some((s) => s.option === option) || option > QUEUE_OPTION_NUMBER_MAX ? null : option;
}

/** The ids of `rootId` and every option below it. */
export function subtreeIds(all: readonly { id: number; parentId?: number | null }[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const o of all) if (o.parentId === ids[i]) ids.push(o.id);
  return ids;
}

/** Siblings in their order numbered 1..n again: the ones whose number changes, with it. */
export function renumbering<T extends { option: number }>(siblings: readonly T[]): { item: T; option: number }[] {
  return siblings.flatMap((item, i) => (item.option !== i + 1 ? [{ item, option: i + 1 }] : []));
}
