import { useState } from 'react';
import { useContact } from '../../contacts';
import { useDeleteSchedule, useSchedules } from '../data/schedules';
import { useT } from '../../../i18n';
import { schedulesTexts } from '../schedules.texts';
import { SEARCH_DEBOUNCE_MS } from '../../../primitives/ComboBox/ComboBox';
import { useToast } from '../../../primitives/Toast/Toast';
import { ScheduleDialog, SCHEDULES_TOAST_MS } from '../ScheduleDialog/ScheduleDialog';
import { SchedulesView } from '../SchedulesView/SchedulesView';
import type { Schedule } from '../schedule-rules';
import { useDebounced } from '../../../primitives/use-debounced';

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
  const toast = useToast();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search, SEARCH_DEBOUNCE_MS).trim().toLowerCase();
  const list = useSchedules(searchParam ? { searchParam } : {});
  const remove = useDeleteSchedule();
  const prefill = useContact(contactId ?? 0, { enabled: Boolean(contactId) });

  const [modal, setModal] = useState<{ open: boolean; editing: Schedule | null; forContact: boolean; key: number }>({
    open: false,
    editing: null,
    forContact: false,
    key: 0,
  });
  const open = (editing: Schedule | null, forContact = false) => setModal((m) => ({ open: true, editing, forContact, key: m.key + 1 }));

  // ?contactId=: the add modal opens once the contact is known.
  const [handled, setHandled] = useState<number | undefined>(undefined);
  if (contactId && prefill.data && handled !== contactId) {
    setHandled(contactId);
    open(null, true);
  }

  const destroy = async (schedule: Schedule) => {
    try {
      await remove.mutateAsync(schedule.id);
      toast.success(t('schedules.deleted'), { timeout: SCHEDULES_TOAST_MS });
    } catch (err) {
      toast.toastError(err, { timeout: SCHEDULES_TOAST_MS });
    }
  };

  const contact = modal.forContact && prefill.data ? { id: prefill.data.id, name: prefill.data.name, number: prefill.data.number } : null;

  return (
    <>
      <SchedulesView
        schedules={list.data ?? []}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => open(null)}
        onEdit={(s) => open(s)}
        onDelete={destroy}
        isLoading={list.isPending}
        loadFailed={list.isError}
        onRetry={() => void list.refetch()}
        headingLevel={headingLevel}
      />
      <ScheduleDialog
        key={modal.key}
        isOpen={modal.open}
        onOpenChange={(isOpen) => {
          setModal((m) => ({ ...m, open: isOpen }));
          if (!isOpen && modal.forContact) onContactHandled?.();
        }}
        schedule={modal.editing}
        contact={contact}
      />
    </>
  );
}
