/**
 * Texts of the kanban page (features/kanban).
 * Merged into the pt/en/es tables by pt.ts, en.ts and es.ts. pt is the source; en and es must have the same keys.
 */
export const kanbanPt = {
  'kanban.placeholder': '—',
};

export type KanbanMessages = Record<keyof typeof kanbanPt, string>;

export const kanbanEn: KanbanMessages = {
  'kanban.placeholder': '—',
};

export const kanbanEs: KanbanMessages = {
  'kanban.placeholder': '—',
};
