import { useContext } from 'react';
import { Button, OverlayTriggerStateContext } from 'react-aria-components';
import { useTasks, type TaskDto } from '../data/tasks';
import { useT } from '../../../i18n';
import { tasksBellTexts } from '../tasks-bell.texts';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { useSession } from '../../../provider/context';

export interface TasksBellListProps {
  /** The pending tasks (the caller filters out completed ones). */
  tasks: TaskDto[];
  loading?: boolean;
  onOpenTask: (task: TaskDto) => void;
}

/**
 * The pending tasks' texts (presentational); 'Nenhuma tarefa pendente.' when none. Each text is a button that leads
 * to the tasks page (spec attendance §2: "Clicking a pending task leads to /todolist"). Descriptions are not shown
 * here (the page shows them); long texts are cut with an ellipsis and shown whole as the item's title.
 */
export function TasksBellList({ tasks, loading = false, onOpenTask }: TasksBellListProps) {
  const t = useT(tasksBellTexts);
  if (loading) return <Spinner className="atd-BellList-loading" showLabel />;
  if (tasks.length === 0) return <p className="atd-BellList-empty">{t('tasksBell.empty')}</p>;
  return (
    <ul className="atd-BellList" aria-label={t('tasksBell.list')}>
      {tasks.map((task) => (
        <li key={task.id}>
          <Button className="atd-BellList-item" onPress={() => onOpenTask(task)}>
            <span className="atd-BellList-text atd-BellList-name" title={task.text}>
              {task.text}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

export interface TasksBellProps {
  /** A pending task was chosen: the console goes to /todolist; the bell's popover closes. */
  onOpenTasks: () => void;
}

const pending = (tasks: TaskDto[] | undefined) => (tasks ?? []).filter((task) => !task.completed);

/** The connected bell content: the signed-in user's pending tasks (live over the `task` channel). */
export function TasksBell({ onOpenTasks }: TasksBellProps) {
  const tasks = useTasks();
  const overlay = useContext(OverlayTriggerStateContext);
  return (
    <TasksBellList
      tasks={pending(tasks.data)}
      loading={tasks.isPending}
      onOpenTask={() => {
        overlay?.close();
        onOpenTasks();
      }}
    />
  );
}

/**
 * The top bar's tasks bell (TopBarBell): the number of pending (not completed) tasks as its badge and, as its
 * content, TasksBell. Reads GET /tasks once signed in; the `task` socket channel keeps it live.
 */
export function useTasksBell({ onOpenTasks, enabled = true }: TasksBellProps & { enabled?: boolean }) {
  const { status } = useSession();
  const tasks = useTasks({ enabled: enabled && status === 'authenticated' });
  return { id: 'tasks' as const, count: pending(tasks.data).length, content: <TasksBell onOpenTasks={onOpenTasks} /> };
}
