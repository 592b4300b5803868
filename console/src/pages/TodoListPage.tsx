import { TodoList } from '@atende/ui-kit';

/**
 * /todolist (spec back-office "Tasks page"): the kit's personal to-do list, stored on the server per user. Its
 * rich-text editor (Tiptap) loads only with this route's chunk.
 */
export function TodoListPage() {
  return (
    <div className="console-todolist" style={{ minWidth: 0 }}>
      <TodoList headingLevel={1} />
    </div>
  );
}
