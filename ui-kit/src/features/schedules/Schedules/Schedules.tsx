import { useState } from 'react';
import { useContact } from '../../contacts/data/contacts';
import { useDeleteSchedule, useSchedules } from '../data/schedules';
import { useT } from '../../../i18n';
import { schedulesTexts } from '../schedules.texts';
import { useCrudPage } from '../../../primitives/ListPage/useCrudPage';
import { ScheduleDialog, SCHEDULES_TOAST_MS } from '../ScheduleDialog/ScheduleDialog';
import { SchedulesView } from '../SchedulesView/SchedulesView';
import type { Schedule } from '../schedule-rules';

export interface SchedulesProps {
  /** The `contactId` query parameter: the add modal opens at once, prefilled with this contact. */
  contactId?: number;
  /** After the modal opened for `contactId` closes (the console drops the query parameter). */
  onContactHandled?: () => void;
  headingLevel?: 1 | 2 | 3;
}

/**
 * The schedules page, connected (spec back-office Schedules): GET /schedules of the last 60 days, searched (debounced,
 * lower-cased) and live from the `schedule` channel; add and edit in the schedule modal; delete confirmed. Every user
 * of the company sees and manages all its schedules.
 */
export function Schedules({ contactId, onContactHandled, headingLevel = 1 }: SchedulesProps) {
  const t = useT(schedulesTexts);
  const remove = useDeleteSchedule();
  // The schedule dialog saves by itself; opened for the `contactId` contact, its context is true.
  const crud = useCrudPage<Schedule, never, Schedule, boolean>({
    remove: (schedule) => remove.mutateAsync(schedule.id),
    texts: { deleted: t('schedules.deleted') },
    toastTimeout: SCHEDULES_TOAST_MS,
  });
  const { modal } = crud;
  const forContact = modal.context === true;
  const searchParam = crud.debouncedSearch.trim().toLowerCase();
  const list = useSchedules(searchParam ? { searchParam } : {});
  const prefill = useContact(contactId ?? 0, { enabled: Boolean(contactId) });

  // ?contactId=: the add modal opens once the contact is known.
  const [handled, setHandled] = useState<number | undefined>(undefined);
  if (contactId && prefill.data && handled !== contactId) {
    setHandled(contactId);
    crud.openNew(true);
  }

  const contact = forContact && prefill.data ? { id: prefill.data.id, name: prefill.data.name, number: prefill.data.number } : null;

  return (
    <>
      <SchedulesView
        schedules={list.data ?? []}
        search={crud.search}
        onSearchChange={crud.setSearch}
        onAdd={() => crud.openNew()}
        onEdit={crud.openEdit}
        onDelete={crud.destroy}
        isLoading={list.isPending}
        loadFailed={list.isError}
        onRetry={() => void list.refetch()}
        headingLevel={headingLevel}
      />
      <ScheduleDialog
        key={modal.key}
        isOpen={modal.isOpen}
        onOpenChange={(isOpen) => {
          modal.onOpenChange(isOpen);
          if (!isOpen && forContact) onContactHandled?.();
        }}
        schedule={modal.editing}
        contact={contact}
      />
    </>
  );
}
