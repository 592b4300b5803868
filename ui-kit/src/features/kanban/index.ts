// The kanban page.
export {};
