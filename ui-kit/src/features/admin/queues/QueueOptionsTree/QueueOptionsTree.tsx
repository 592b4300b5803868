import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Schema } from '../../../../client';
import { useCreateQueueOption, useDeleteQueueOption, useQueueOptions, useUpdateQueueOption } from '../data/queues';
import { Form, FormTextArea, FormTextField } from '../../../../forms/Form';
import { applyServerErrors } from '../../../../forms/server-errors';
import { compose, maxLength, required } from '../../../../forms/validators';
import { useT } from '../../../../i18n';
import { queuesTexts } from '../../../../i18n/queues';
import { Button } from '../../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { Icon } from '../../../../primitives/Icon/Icon';
import { IconButton } from '../../../../primitives/IconButton/IconButton';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import { useToast } from '../../../../primitives/Toast/Toast';

export type QueueOption = Schema<'QueueOptionDto'>;

export interface QueueOptionsTreeProps {
  queueId: number;
  /** For the tree's label ('Opções do chatbot de Suporte'). */
  queueName: string;
  /** queues:write: add, edit and delete; without it the tree is read-only. */
  canWrite: boolean;
}

interface OptionValues {
  title: string;
  message: string;
}

const titleRule = compose(required('queues.options.titleRequired'), maxLength(100));

/**
 * A queue's chatbot option tree (spec administration §3, §4): each level lists its options by number (what the
 * customer types); an option shows its title and message and can be edited in place, deleted (with the options
 * inside it; the API renumbers the rest) or given options of its own. Each change is one call (GET, POST, PUT,
 * DELETE /queue-options), so nothing waits for the queue's own save. Levels load when opened.
 */
export function QueueOptionsTree({ queueId, queueName, canWrite }: QueueOptionsTreeProps) {
  const t = useT(queuesTexts);
  const titleId = useId();
  return (
    <section className="atd-QueueOptions" aria-labelledby={titleId}>
      <h3 id={titleId} className="atd-QueueOptions-title">
        {t('queues.options.title')}
      </h3>
      <p className="atd-QueueOptions-description">{t('queues.options.description')}</p>
      <OptionLevel queueId={queueId} parentId={null} path="" label={t('queues.options.tree', { name: queueName })} canWrite={canWrite} />
    </section>
  );
}

interface LevelProps {
  queueId: number;
  /** null: the root level (GET with parentId -1). */
  parentId: number | null;
  /** The numbers leading here ('2.' under option 2), shown before each option's own number. */
  path: string;
  label: string;
  canWrite: boolean;
  parentTitle?: string;
}

function OptionLevel({ queueId, parentId, path, label, canWrite, parentTitle }: LevelProps) {
  const t = useT(queuesTexts);
  const toast = useToast();
  const options = useQueueOptions({ queueId, parentId: parentId ?? -1 });
  const create = useCreateQueueOption();
  const [adding, setAdding] = useState(false);

  if (options.isPending) return <Spinner size="sm" label={t('queues.options.title')} />;
  if (options.isError)
    return (
      <p className="atd-QueueOptions-error" role="alert">
        {t('queues.options.loadError')}{' '}
        <Button variant="secondary" onPress={() => void options.refetch()}>
          {t('action.retry')}
        </Button>
      </p>
    );
  const list = options.data;
  return (
    <div className="atd-QueueOptions-level">
      {list.length === 0 && parentId === null && !adding && <p className="atd-QueueOptions-empty">{t('queues.options.empty')}</p>}
      {list.length > 0 && (
        <ol className="atd-QueueOptions-list" aria-label={label}>
          {list.map((option) => (
            <OptionItem key={option.id} option={option} queueId={queueId} path={path} canWrite={canWrite} />
          ))}
        </ol>
      )}
      {adding && (
        <OptionForm
          number={`${path}${list.length + 1}`}
          onCancel={() => setAdding(false)}
          onSave={async (values) => {
            try {
              await create.mutateAsync({ queueId, parentId, title: values.title.trim(), message: values.message.trim() || null });
              setAdding(false);
            } catch (err) {
              toast.toastError(err);
              throw err;
            }
          }}
        />
      )}
      {canWrite && !adding && (
        <Button variant="secondary" className="atd-QueueOptions-add" onPress={() => setAdding(true)}>
          <Icon name="add" />
          {parentTitle ? t('queues.options.addChild', { title: parentTitle }) : t('queues.options.add')}
        </Button>
      )}
    </div>
  );
}

function OptionItem({ option, queueId, path, canWrite }: { option: QueueOption; queueId: number; path: string; canWrite: boolean }) {
  const t = useT(queuesTexts);
  const toast = useToast();
  const update = useUpdateQueueOption();
  const remove = useDeleteQueueOption();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const number = `${path}${option.option}`;
  const childrenId = useId();

  return (
    <li className="atd-QueueOptions-item">
      {editing ? (
        <OptionForm
          number={number}
          initial={{ title: option.title, message: option.message ?? '' }}
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            try {
              await update.mutateAsync({ id: option.id, body: { title: values.title.trim(), message: values.message.trim() || null } });
              setEditing(false);
            } catch (err) {
              toast.toastError(err);
              throw err;
            }
          }}
        />
      ) : (
        <div className="atd-QueueOptions-row">
          <IconButton
            icon={open ? 'chevronUp' : 'chevronDown'}
            size="sm"
            aria-label={option.title}
            aria-expanded={open}
            aria-controls={open ? childrenId : undefined}
            onPress={() => setOpen((o) => !o)}
            className="atd-QueueOptions-toggle"
          />
          <span className="atd-QueueOptions-number" aria-hidden="true">
            {number}
          </span>
          <span className="atd-QueueOptions-text">
            <span className="atd-QueueOptions-optionTitle">
              <span className="atd-visually-hidden">{number} </span>
              {option.title}
            </span>
            {option.message && <span className="atd-QueueOptions-message">{option.message}</span>}
          </span>
          {canWrite && (
            <span className="atd-QueueOptions-actions">
              <IconButton icon="edit" size="sm" aria-label={t('queues.options.edit', { title: option.title })} onPress={() => setEditing(true)} />
              <IconButton
                icon="delete"
                size="sm"
                variant="danger"
                aria-label={t('queues.options.delete', { title: option.title })}
                onPress={() => setDeleting(true)}
              />
            </span>
          )}
        </div>
      )}
      {open && !editing && (
        <div id={childrenId} className="atd-QueueOptions-children">
          <OptionLevel
            queueId={queueId}
            parentId={option.id}
            path={`${number}.`}
            label={t('queues.options.tree', { name: option.title })}
            canWrite={canWrite}
            parentTitle={option.title}
          />
        </div>
      )}
      <ConfirmationDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        title={t('queues.options.confirmDelete.title', { title: option.title })}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: option.id, queueId, parentId: option.parentId ?? null });
          } catch (err) {
            toast.toastError(err);
          }
        }}
      >
        <p>{t('queues.options.confirmDelete.body')}</p>
      </ConfirmationDialog>
    </li>
  );
}

function OptionForm({
  number,
  initial,
  onSave,
  onCancel,
}: {
  number: string;
  initial?: OptionValues;
  onSave: (values: OptionValues) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT(queuesTexts);
  const form = useForm<OptionValues>({ defaultValues: initial ?? { title: '', message: '' } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        try {
          await onSave(values);
        } catch (err) {
          applyServerErrors(form.setError, err);
        }
      }}
      className="atd-QueueOptions-form"
      aria-label={initial ? t('queues.options.edit', { title: initial.title }) : t('queues.options.add')}
    >
      <span className="atd-QueueOptions-number" aria-hidden="true">
        {number}
      </span>
      <div className="atd-QueueOptions-formFields">
        <FormTextField<OptionValues> name="title" rule={titleRule} label={t('queues.options.title.label')} autoFocus autoComplete="off" />
        <FormTextArea<OptionValues> name="message" label={t('queues.options.message.label')} description={t('queues.options.message.description')} rows={2} />
        <span className="atd-QueueOptions-formActions">
          <Button variant="secondary" onPress={onCancel} isDisabled={form.formState.isSubmitting}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {t('queues.options.save')}
          </Button>
        </span>
      </div>
    </Form>
  );
}
