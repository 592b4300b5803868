import { useRef } from 'react';
import { useApiClient } from '../../../provider/context';
import { searchContacts } from '../../contacts/contacts-data';
import { useCreateSchedule, useDeleteScheduleMedia, useUpdateSchedule, useUploadScheduleMedia, type ScheduleDto } from '../data/schedules';
import { serverFieldErrors } from '../../../forms/server-errors';
import { errorText } from '../../../i18n/error-text';
import { useLocale, useT } from '../../../i18n';
import { schedulesTexts } from '../schedules.texts';
import { useToast } from '../../../primitives/Toast/Toast';
import { ScheduleModal } from '../ScheduleModal/ScheduleModal';
import type { Schedule, ScheduleContact, ScheduleFormValues } from '../schedule-rules';

/** Spec back-office §9: toasts close after 3 seconds. */
export const SCHEDULES_TOAST_MS = 3000;

export interface ScheduleDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The schedule to edit (or show, once sent); left out to add one. Mount anew (a `key`) per opening. */
  schedule?: Schedule | null;
  /** The contact a new schedule is for. */
  contact?: ScheduleContact | null;
  /** After a save (the schedule as the API answered it). */
  onSaved?: (schedule: ScheduleDto) => void;
}

/**
 * The schedule modal, connected: the contacts searched as the user types (GET /contacts?searchParam=), the save (POST or PUT /schedules, then
 * the image uploaded or removed) and its toasts. The schedules page, the contacts list and the ticket's options
 * menu all open this one.
 */
export function ScheduleDialog({ isOpen, onOpenChange, schedule, contact, onSaved }: ScheduleDialogProps) {
  const t = useT(schedulesTexts);
  const locale = useLocale();
  const toast = useToast();
  const client = useApiClient();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const upload = useUploadScheduleMedia();
  const removeMedia = useDeleteScheduleMedia();
  const timed = { timeout: SCHEDULES_TOAST_MS };
  const current = useRef(schedule ?? null);

  const save = async (values: ScheduleFormValues) => {
    const body = { body: values.body, contactId: values.contactId, sendAt: values.sendAt };
    let saved: ScheduleDto;
    try {
      saved = current.current ? await update.mutateAsync({ id: current.current.id, body }) : await create.mutateAsync(body);
    } catch (err) {
      if (serverFieldErrors(err).length === 0) toast.toastError(err, timed);
      throw err;
    }
    // Saved: a second try of the same modal (the image failed) updates this one.
    current.current = saved;
    try {
      if (values.file) saved = await upload.mutateAsync({ id: saved.id, file: values.file });
      else if (values.removeAttachment && saved.mediaPath) {
        saved = await removeMedia.mutateAsync(saved.id);
        toast.success(t('schedules.mediaDeleted'), timed);
      }
    } catch (err) {
      toast.show({ kind: 'error', message: t('schedules.attachmentFailed'), description: errorText(locale, err) }, timed);
      throw err;
    }
    toast.success(t('schedules.saved'), timed);
    onSaved?.(saved);
  };

  return (
    <ScheduleModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      schedule={schedule}
      contact={contact}
      loadContacts={(searchParam, signal) => searchContacts(client, searchParam, signal)}
      onSave={save}
    />
  );
}
