import { useId, useRef, useState, type FormEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useCreateTask, useDeleteTask, useTasks, useUpdateTask, type TaskDto } from '../data/tasks';
import { useLocale, useT, type Locale } from '../../../i18n';
import { tasksTexts } from '../tasks.texts';
import { Button } from '../../../primitives/Button/Button';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { useDeleteConfirmation } from '../../../primitives/ListPage/ListPage';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { TextField } from '../../../primitives/TextField/TextField';
import { ApiRequestError } from '../../../provider/api-error';
import { TaskEditor } from '../TaskEditor/TaskEditor';

/** What the page sends for a new or changed task (the text already trimmed and not blank). */
export interface TaskDraft {
  text: string;
  description: string;
}

/** Why the list could not be read: the spec's two texts. */
export type TasksLoadError = 'network' | 'load';

export interface TodoListViewProps {
  tasks: TaskDto[];
  loading?: boolean;
  loadError?: TasksLoadError | null;
  /** Each rejects on failure; the view then shows the spec's text above the list. */
  onCreate: (draft: TaskDraft) => Promise<unknown>;
  onUpdate: (id: number, change: Partial<TaskDraft> & { completed?: boolean }) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  headingLevel?: 1 | 2 | 3;
}

const LANGUAGE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };
const ERROR_KEYS = {
  network: 'tasks.error.network',
  load: 'tasks.error.load',
  create: 'tasks.error.create',
  update: 'tasks.error.update',
  delete: 'tasks.error.delete',
} as const;
type ErrorKind = keyof typeof ERROR_KEYS;

/**
 * The tasks page (/todolist, spec back-office "Tasks page" and §4 "To-do editor"), presentational.
 *
 * - The form: a text field, the rich-text description (TaskEditor) and Add, which reads Salvar while a task is being
 *   edited (edit mode holds that task; Cancelar edição returns to add mode). After a successful save the form clears
 *   and returns to add mode. A blank text (after trimming) is ignored: nothing is sent (spec §5).
 * - 'Lista de tarefas': pending tasks first, newest first (the API's order). Each task has edit and delete icon
 *   buttons; clicking its text expands a card with the description and its created and updated dates, formatted
 *   for the interface language. Completed tasks are struck through and muted.
 * - Beyond the spec (which shows no completion toggle): a 'Concluída' checkbox per task, since a to-do list that
 *   cannot be ticked off is of little use; and delete asks for confirmation.
 * - The error line above the list carries the spec's texts: 'Erro de rede ao buscar tarefas…' / 'Erro ao buscar as
 *   tarefas…' for the load, 'Erro ao criar/atualizar/excluir a tarefa.' for the actions (also logged to the console).
 *   The next successful action clears it. Empty state: 'Nenhuma tarefa pendente.'.
 * - Descriptions are rendered as the HTML the API stores, which the API sanitised on the way in (an allowlist of the
 *   editor's tags, links only http/https/mailto): the server is the gate, so the page does not sanitise again.
 */
export function TodoListView({ tasks, loading = false, loadError = null, onCreate, onUpdate, onDelete, headingLevel = 1 }: TodoListViewProps) {
  const t = useT(tasksTexts);
  const locale = useLocale();
  const listHeadingId = useId();
  const textRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState<TaskDto | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const [actionError, setActionError] = useState<ErrorKind | null>(null);

  const dates = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' });
  const formatDate = (iso: string) => dates.format(new Date(iso));
  const Heading = `h${headingLevel}` as const;
  const ListHeading = `h${Math.min(headingLevel + 1, 6)}` as 'h2';

  const fail = (kind: ErrorKind, err: unknown) => {
    console.error(`atende: ${t(ERROR_KEYS[kind])}`, err);
    setActionError(kind);
  };
  const reset = () => {
    setText('');
    setDescription('');
    setEditing(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || saving) return;
    setSaving(true);
    try {
      if (editing) await onUpdate(editing.id, { text: trimmed, description });
      else await onCreate({ text: trimmed, description });
      setActionError(null);
      reset();
    } catch (err) {
      fail(editing ? 'update' : 'create', err);
    } finally {
      setSaving(false);
    }
  };

  const startEdit = (task: TaskDto) => {
    setEditing(task);
    setText(task.text);
    setDescription(task.description);
    textRef.current?.focus();
  };

  const toggleCompleted = async (task: TaskDto, completed: boolean) => {
    try {
      await onUpdate(task.id, { completed });
      setActionError(null);
    } catch (err) {
      fail('update', err);
    }
  };

  const remove = useDeleteConfirmation<TaskDto>(
    async (task) => {
      try {
        await onDelete(task.id);
        setActionError(null);
        if (editing?.id === task.id) reset();
      } catch (err) {
        fail('delete', err);
      }
    },
    { title: (task) => t('tasks.confirmDelete.title', { text: task.text }), body: t('tasks.confirmDelete.body') },
  );

  const toggleExpanded = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const errorKind: ErrorKind | null = actionError ?? loadError;

  return (
    <section className="atd-TodoList" aria-labelledby={`${listHeadingId}-title`}>
      <Heading id={`${listHeadingId}-title`} className="atd-TodoList-title">
        {t('tasks.title')}
      </Heading>
      <form className="atd-TodoList-form" onSubmit={(e) => void submit(e)} data-mode={editing ? 'edit' : 'add'}>
        {editing && <p className="atd-TodoList-editing">{t('tasks.editing', { text: editing.text })}</p>}
        <TextField
          ref={textRef}
          label={editing ? t('tasks.field.textEdit') : t('tasks.field.text')}
          value={text}
          onChange={setText}
          maxLength={500}
          className="atd-TodoList-text"
        />
        <TaskEditor label={t('tasks.field.description')} value={description} onChange={setDescription} isDisabled={saving} />
        <div className="atd-TodoList-actions">
          {editing && (
            <Button variant="secondary" onPress={reset}>
              {t('tasks.cancelEdit')}
            </Button>
          )}
          <Button type="submit" isPending={saving}>
            {editing ? t('tasks.save') : t('tasks.add')}
          </Button>
        </div>
      </form>

      <p className="atd-TodoList-error" role="alert">
        {errorKind ? t(ERROR_KEYS[errorKind]) : null}
      </p>

      <ListHeading id={listHeadingId} className="atd-TodoList-listTitle">
        {t('tasks.list')}
      </ListHeading>
      {loading ? (
        <Spinner className="atd-TodoList-loading" showLabel />
      ) : tasks.length === 0 ? (
        <p className="atd-TodoList-empty">{t('tasks.empty')}</p>
      ) : (
        <ul className="atd-TodoList-list" aria-labelledby={listHeadingId}>
          {tasks.map((task) => {
            const open = expanded.has(task.id);
            const cardId = `${listHeadingId}-card-${task.id}`;
            return (
              <li
                key={task.id}
                className="atd-TodoList-item"
                data-completed={task.completed || undefined}
                data-expanded={open || undefined}
                data-editing={editing?.id === task.id || undefined}
              >
                <div className="atd-TodoList-row">
                  <Checkbox
                    className="atd-TodoList-check"
                    aria-label={t('tasks.completeLabel', { text: task.text })}
                    isSelected={task.completed}
                    onChange={(completed) => void toggleCompleted(task, completed)}
                  />
                  <AriaButton
                    className="atd-TodoList-toggle"
                    aria-expanded={open}
                    aria-controls={open ? cardId : undefined}
                    onPress={() => toggleExpanded(task.id)}
                  >
                    <span className="atd-TodoList-itemText">{task.text}</span>
                    {task.completed && <span className="atd-TodoList-done">{t('tasks.completedBadge')}</span>}
                  </AriaButton>
                  <IconButton icon="edit" size="sm" aria-label={t('tasks.edit', { text: task.text })} onPress={() => startEdit(task)} />
                  <IconButton icon="delete" size="sm" variant="danger" aria-label={t('tasks.delete', { text: task.text })} onPress={() => remove.ask(task)} />
                </div>
                {open && (
                  <div className="atd-TodoList-card" id={cardId}>
                    {task.description ? (
                      // Sanitised by the API on every write (api/src/ticket/tasks/task-html.ts): the server is the gate.
                      <div className="atd-TodoList-description" dangerouslySetInnerHTML={{ __html: task.description }} />
                    ) : (
                      <p className="atd-TodoList-noDescription">{t('tasks.noDescription')}</p>
                    )}
                    <p className="atd-TodoList-dates">
                      <span>{t('tasks.createdAt', { date: formatDate(task.createdAt) })}</span>
                      <span>{t('tasks.updatedAt', { date: formatDate(task.updatedAt) })}</span>
                    </p>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {remove.dialog}
    </section>
  );
}

export interface TodoListProps {
  headingLevel?: 1 | 2 | 3;
}

/** The connected tasks page: the signed-in user's own tasks (GET /tasks), live across tabs over the `task` channel. */
export function TodoList({ headingLevel }: TodoListProps) {
  const tasks = useTasks();
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const loadError: TasksLoadError | null = tasks.isError && !tasks.data ? (tasks.error instanceof ApiRequestError ? 'load' : 'network') : null;
  return (
    <TodoListView
      tasks={tasks.data ?? []}
      loading={tasks.isPending && !tasks.isError}
      loadError={loadError}
      onCreate={(draft) => create.mutateAsync(draft)}
      onUpdate={(id, body) => update.mutateAsync({ id, body })}
      onDelete={(id) => remove.mutateAsync(id)}
      headingLevel={headingLevel}
    />
  );
}
