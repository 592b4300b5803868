export { TasksBell, TasksBellList, useTasksBell, type TasksBellListProps, type TasksBellProps } from './TasksBell/TasksBell';
export { TodoList, TodoListView, type TaskDraft, type TasksLoadError, type TodoListProps, type TodoListViewProps } from './TodoList/TodoList';
export { TaskEditor, type TaskEditorProps } from './TaskEditor/TaskEditor';
export {
  writeTaskEvent,
  byTaskOrder,
  removeTask,
  useCreateTask,
  useDeleteTask,
  useTasks,
  useUpdateTask,
  writeTask,
  type TaskDto,
  type TaskEvent,
} from './data/tasks';
export { tasksRealtime } from './data/realtime';
