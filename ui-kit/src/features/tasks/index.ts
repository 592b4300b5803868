export { TasksBell, TasksBellList, useTasksBell, type TasksBellListProps, type TasksBellProps } from './TasksBell/TasksBell';
export { TodoList, TodoListView, type TaskDraft, type TasksLoadError, type TodoListProps, type TodoListViewProps } from './TodoList/TodoList';
export { TaskEditor, type TaskEditorProps } from './TaskEditor/TaskEditor';
