// The tags page (with the tag modal) and the kanban board.
export {
  OPEN_LANE,
  tagLane,
  buildLanes,
  kanbanTagIdsOf,
  moveSteps,
  type KanbanTicket,
  type KanbanTag,
  type Lane,
  type LaneId,
  type MoveSteps,
} from './kanban-rules';
export { KanbanBoardView, KANBAN_DRAG_TYPE, type KanbanBoardViewProps } from './KanbanBoardView/KanbanBoardView';
export { KanbanBoard, KANBAN_TOAST_MS, type KanbanBoardProps } from './KanbanBoard/KanbanBoard';
export { TagModal, tagNameRule, toInputColor, DEFAULT_TAG_COLOR, type TagModalProps, type TagFormValues } from './TagModal/TagModal';
export { TagsPageView, type TagsPageViewProps, type TagRow } from './TagsPageView/TagsPageView';
export { TagsPage, type TagsPageProps } from './TagsPage/TagsPage';
export { useAddTicketTag, useKanbanTickets, useRemoveKanbanTags } from './data/kanban';
export { useAllTags, useCreateTag, useDeleteTag, useKanbanTags, useTags, useUpdateTag } from './data/tags';
