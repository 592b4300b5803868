import { useState } from 'react';
import { useT } from '../../../i18n';
import { schedulesTexts } from '../schedules.texts';
import { Button } from '../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { LoadFailed } from '../../../primitives/EmptyState/LoadFailed';
import { Icon } from '../../../primitives/Icon/Icon';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { TextField } from '../../../primitives/TextField/TextField';
import { SchedulesCalendar, type SchedulesCalendarView } from '../SchedulesCalendar/SchedulesCalendar';
import type { Schedule } from '../schedule-rules';

export interface SchedulesViewProps {
  /** The schedules of the window (the last 60 days and later). */
  schedules: Schedule[];
  search: string;
  onSearchChange: (text: string) => void;
  onAdd: () => void;
  onEdit: (schedule: Schedule) => void;
  /** Runs when the deletion is confirmed; the confirmation stays open, pending, until it settles. */
  onDelete: (schedule: Schedule) => Promise<void>;
  isLoading?: boolean;
  loadFailed?: boolean;
  onRetry?: () => void;
  /** The title's heading level (1 on a page of its own). */
  headingLevel?: 1 | 2 | 3;
  initialView?: SchedulesCalendarView;
  initialDate?: Date | string;
}

/**
 * Spec back-office §2 Schedules page: the title with the count, search, 'Adicionar', and the calendar (height 500)
 * with each schedule at its sendAt showing the contact's name, with edit and delete (confirmed).
 */
export function SchedulesView({
  schedules,
  search,
  onSearchChange,
  onAdd,
  onEdit,
  onDelete,
  isLoading,
  loadFailed,
  onRetry,
  headingLevel = 2,
  initialView,
  initialDate,
}: SchedulesViewProps) {
  const t = useT(schedulesTexts);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const Heading = `h${headingLevel}` as const;
  const deletingName = deleting ? deleting.contact.name || deleting.contact.number : '';

  return (
    <section className="atd-Schedules" aria-labelledby="atd-schedules-title">
      <div className="atd-Schedules-header">
        <Heading id="atd-schedules-title" className="atd-Schedules-title">
          {t('schedules.titleCount', { count: schedules.length })}
        </Heading>
        <div className="atd-Schedules-toolbar">
          <TextField
            type="search"
            label={t('schedules.search')}
            placeholder={t('schedules.search.placeholder')}
            value={search}
            onChange={onSearchChange}
            className="atd-Schedules-search"
          />
          <Button onPress={onAdd} className="atd-Schedules-add">
            <Icon name="add" />
            {t('schedules.add')}
          </Button>
        </div>
      </div>
      {loadFailed ? (
        <LoadFailed title={t('schedules.loadError')} onRetry={onRetry} />
      ) : (
        <div className="atd-Schedules-calendar" aria-busy={isLoading || undefined}>
          {isLoading && (
            <div className="atd-Schedules-loading" role="status">
              <Spinner size="sm" />
              {t('schedules.loading')}
            </div>
          )}
          <SchedulesCalendar schedules={schedules} onEdit={onEdit} onDelete={setDeleting} initialView={initialView} initialDate={initialDate} />
        </div>
      )}
      <ConfirmationDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('schedules.confirmDelete.title', { contact: deletingName })}
        confirmLabel={t('action.delete')}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        {t('schedules.confirmDelete.body')}
      </ConfirmationDialog>
    </section>
  );
}
