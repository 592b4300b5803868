import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Schema } from '../../../client';
import { Form, FormSubmit, FormTextArea } from '../../../forms/Form';
import { compose, required, type Rule } from '../../../forms/validators';
import { useLocale, useT } from '../../../i18n';
import { LazyConfirmationDialog } from '../../../primitives/ConfirmationDialog/LazyConfirmationDialog';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { LANGUAGE_TAGS } from '../../../theme/AtendeRoot';

export type TicketNote = Schema<'TicketNoteDto'>;

/** Spec §5 and §9: a note is required and has at least 2 characters. */
export const NOTE_MIN_LENGTH = 2;

const noteRule: Rule = compose<string>(required('validation.required'), (value: string) => value.trim().length >= NOTE_MIN_LENGTH || 'contact.notes.tooShort');

export interface TicketNotesViewProps {
  /** Newest first, as the API answers; undefined while loading. */
  notes: TicketNote[] | undefined;
  /** Resolve when the note was added (the input empties); reject to keep it. */
  onAdd: (note: string) => Promise<unknown> | void;
  /** Runs after the confirmation; the dialog stays pending until it settles. */
  onDelete: (note: TicketNote) => Promise<unknown> | void;
}

/** A ticket's notes (spec §2, contact drawer): the list (200 px, scrolling), add with validation, delete after confirming. */
export function TicketNotesView({ notes, onAdd, onDelete }: TicketNotesViewProps) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const [toDelete, setToDelete] = useState<TicketNote | null>(null);
  const form = useForm<{ note: string }>({ defaultValues: { note: '' } });
  const dates = new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' });

  const submit = async ({ note }: { note: string }) => {
    try {
      await onAdd(note.trim());
      form.reset({ note: '' });
    } catch {
      // the connected section toasts the error; the text stays
    }
  };

  return (
    <section className="atd-TicketNotes" aria-labelledby={headingId}>
      <h3 id={headingId} className="atd-TicketNotes-title">
        {t('contact.notes.title')}
      </h3>
      <Form form={form} onSubmit={submit} className="atd-TicketNotes-form" aria-label={t('contact.notes.new')}>
        <FormTextArea<{ note: string }> name="note" rule={noteRule} label={t('contact.notes.new')} placeholder={t('contact.notes.placeholder')} rows={2} />
        <FormSubmit variant="secondary">{t('contact.notes.add')}</FormSubmit>
      </Form>
      {notes === undefined ? (
        <Spinner />
      ) : notes.length === 0 ? (
        <p className="atd-TicketNotes-empty">{t('contact.notes.empty')}</p>
      ) : (
        <ul className="atd-TicketNotes-list" aria-label={t('contact.notes.list')}>
          {notes.map((note) => {
            const author = note.user?.name ?? t('contact.notes.unknownAuthor');
            return (
              <li key={note.id} className="atd-TicketNotes-item">
                <p className="atd-TicketNotes-text">{note.note}</p>
                <div className="atd-TicketNotes-meta">
                  <span>{author}</span>
                  <time dateTime={note.createdAt}>{dates.format(new Date(note.createdAt))}</time>
                  <IconButton size="sm" variant="danger" aria-label={t('contact.notes.delete', { author })} onPress={() => setToDelete(note)}>
                    <Icon name="delete" />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <LazyConfirmationDialog
        title={t('contact.notes.deleteTitle')}
        isOpen={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (toDelete) await onDelete(toDelete);
        }}
      >
        {t('contact.notes.deleteConfirm')}
      </LazyConfirmationDialog>
    </section>
  );
}
