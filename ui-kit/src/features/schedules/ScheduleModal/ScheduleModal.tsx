import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { AttachmentField, usePickedFile } from '../../../forms/AttachmentField/AttachmentField';
import { FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { useLocale, useT } from '../../../i18n';
import { isMessageKey } from '../../../i18n/translate';
import { schedulesTexts } from '../schedules.texts';
import { Button } from '../../../primitives/Button/Button';
import { ComboBox } from '../../../primitives/ComboBox/ComboBox';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import {
  bodyRule,
  defaultSendAt,
  fromLocalInput,
  isScheduleImage,
  isSent,
  requiredRule,
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_MEDIA_TYPES,
  toLocalInput,
  type Schedule,
  type ScheduleContact,
  type ScheduleFormValues,
} from '../schedule-rules';
import { ScheduleStatusBadge } from './ScheduleStatusBadge';

export interface ScheduleModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The schedule being edited (or shown, once sent); null or left out to add one. Mount anew (a `key`) per opening. */
  schedule?: Schedule | null;
  /** The contact a new schedule is for (from a contact, a ticket or `?contactId=`). */
  contact?: ScheduleContact | null;
  /**
   * Searches the company's contacts by name or number as the user types (GET /contacts?searchParam=): a company may
   * have tens of thousands, too many to load and list whole.
   */
  loadContacts: (query: string, signal: AbortSignal) => Promise<ScheduleContact[]>;
  /** Resolve to close; reject to stay open (an API validation error lands on its field). */
  onSave: (values: ScheduleFormValues) => Promise<void>;
  /** Now, for the default send time (one hour ahead). */
  now?: Date;
}

interface FormValues {
  body: string;
  contactId: number | null;
  sendAt: string;
}

const sendAtRule = (value: unknown) => (typeof value === 'string' && fromLocalInput(value) ? true : 'schedules.rule.required');

/**
 * Spec back-office §5 and attendance §4: the schedule form, shared by the schedules page, the contacts list and the
 * ticket's options menu. Message (required, at least 5 characters), contact (searchable), send time (default one
 * hour ahead) and an optional PNG or JPEG image uploaded after the save. A sent schedule is shown without a save.
 */
export function ScheduleModal({ isOpen, onOpenChange, schedule, contact, loadContacts, onSave, now }: ScheduleModalProps) {
  const t = useT(schedulesTexts);
  const locale = useLocale();
  const preset = schedule?.contact ?? contact ?? null;
  const form = useForm<FormValues>({
    defaultValues: {
      body: schedule?.body ?? '',
      contactId: preset?.id ?? null,
      sendAt: schedule ? toLocalInput(new Date(schedule.sendAt)) : defaultSendAt(now),
    },
  });
  const contactField = useController({ control: form.control, name: 'contactId', rules: { validate: requiredRule } });
  const contactError = contactField.fieldState.error?.message;
  const [picked, setFile] = usePickedFile();
  const file = picked?.file ?? null;
  const [removeAttachment, setRemoveAttachment] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const labelOf = (c: ScheduleContact) => (c.name && c.name !== c.number ? `${c.name} (${c.number})` : c.number);

  if (schedule && isSent(schedule)) {
    const when = new Date(schedule.sentAt ?? schedule.sendAt).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
    return (
      <Dialog
        title={t('schedules.modal.sent')}
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        className="atd-ScheduleModal"
        footer={
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('schedules.close')}
          </Button>
        }
      >
        <dl className="atd-ScheduleModal-summary">
          <dt>{t('schedules.field.status')}</dt>
          <dd>
            <ScheduleStatusBadge status={schedule.status} />
          </dd>
          <dt>{t('schedules.field.contact')}</dt>
          <dd>{labelOf(schedule.contact)}</dd>
          <dt>{t('schedules.field.body')}</dt>
          <dd className="atd-ScheduleModal-body">{schedule.body}</dd>
          {schedule.mediaName && (
            <>
              <dt>{t('schedules.attachment')}</dt>
              <dd>{schedule.mediaName}</dd>
            </>
          )}
        </dl>
        <p className="atd-ScheduleModal-note">{t('schedules.modal.sentNote', { when })}</p>
      </Dialog>
    );
  }

  const currentName = removeAttachment ? null : (schedule?.mediaName ?? null);
  const shownName = file?.name ?? currentName;

  const pick = (chosen: File) => {
    if (!isScheduleImage(chosen)) return setFileError(t('schedules.attachment.invalid'));
    if (chosen.size > SCHEDULE_MEDIA_MAX_BYTES) return setFileError(t('schedules.attachment.tooLarge'));
    setFileError(null);
    setFile(chosen);
  };

  const remove = () => {
    setFileError(null);
    if (file) setFile(null);
    else setRemoveAttachment(true);
  };

  const submit = async (values: FormValues) => {
    try {
      await onSave({
        body: values.body.trim(),
        contactId: values.contactId!,
        sendAt: fromLocalInput(values.sendAt)!.toISOString(),
        file,
        removeAttachment: removeAttachment && !file,
      });
      onOpenChange(false);
    } catch (err) {
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <FormDialog
      title={t(schedule ? 'schedules.modal.edit' : 'schedules.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-ScheduleModal"
      form={form}
      onSubmit={submit}
      formClassName="atd-ScheduleModal-form"
    >
      {schedule && (
        <div className="atd-ScheduleModal-status">
          <span>{t('schedules.field.status')}</span>
          <ScheduleStatusBadge status={schedule.status} />
        </div>
      )}
      {schedule?.status === 'ERRO' && schedule.error && (
        <p className="atd-ScheduleModal-note" data-kind="error">
          {t('schedules.modal.errorNote', { error: schedule.error })}
        </p>
      )}
      <FormTextArea<FormValues> name="body" rule={bodyRule} label={t('schedules.field.body')} rows={5} isRequired autoFocus />
      <ComboBox<ScheduleContact>
        label={t('schedules.field.contact')}
        placeholder={t('schedules.field.contact.placeholder')}
        loadItems={loadContacts}
        getLabel={labelOf}
        defaultItem={preset}
        defaultSelectedKey={preset?.id}
        onSelectionChange={(key) => contactField.field.onChange(key === null ? null : Number(key))}
        onBlur={contactField.field.onBlur}
        isRequired
        isInvalid={Boolean(contactError)}
        errorMessage={contactError ? (isMessageKey(contactError) ? t(contactError) : contactError) : undefined}
        validationBehavior="aria"
        className="atd-ScheduleModal-contact"
      />
      <FormTextField<FormValues> name="sendAt" rule={sendAtRule} type="datetime-local" label={t('schedules.field.sendAt')} isRequired />
      <AttachmentField
        label={t('schedules.attachment')}
        acceptedFileTypes={SCHEDULE_MEDIA_TYPES}
        fileName={shownName}
        previewUrl={file ? picked?.url : null}
        removed={removeAttachment}
        onPick={pick}
        onRemove={remove}
        hint={t('schedules.attachment.hint')}
        error={fileError}
        texts={{
          pick: t('schedules.attach'),
          replace: t('schedules.replaceAttachment'),
          remove: (name) => t('schedules.removeAttachment', { name }),
          removed: t('schedules.attachment.removed'),
        }}
      />
    </FormDialog>
  );
}
