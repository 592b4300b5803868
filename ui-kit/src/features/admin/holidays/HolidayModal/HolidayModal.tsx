import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, FormTextArea, FormTextField } from '../../../../forms/Form';
import { AttachmentField, usePickedFile } from '../../../../forms/AttachmentField/AttachmentField';
import { applyServerErrors, serverFieldErrors } from '../../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../../i18n';
import { holidaysTexts } from '../holidays.texts';
import { Button } from '../../../../primitives/Button/Button';
import { ConfirmationDialog } from '../../../../primitives/ConfirmationDialog/ConfirmationDialog';
import { Dialog } from '../../../../primitives/Dialog/Dialog';
import { LANGUAGE_TAGS } from '../../../../theme/AtendeRoot';
import { formatDay, formatInstant } from '../holiday-dates';
import {
  HOLIDAY_MEDIA_ACCEPT,
  holidayDateRule,
  holidayFormValues,
  holidayMessageRule,
  holidayNameRule,
  imageProblem,
  isSent,
  type Holiday,
  type HolidayFormValues,
  type HolidaySave,
} from '../holiday-rules';

export interface HolidayModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The holiday opened; null to add one. Mount the modal anew (a `key`) for each opening. */
  holiday?: Holiday | null;
  /** A new holiday's day (`YYYY-MM-DD`): the calendar day chosen. */
  date?: string;
  /**
   * Save: the caller creates or updates, then uploads the image or removes it. Resolve to close; reject to stay open
   * (the API's field errors land on their fields, anything else shows in the dialog).
   */
  onSave: (save: HolidaySave) => Promise<void>;
  /** Delete, after the confirmation (offered for a holiday that exists, sent or not). Resolve to close; `false`: it failed, stay open. */
  onDelete?: (holiday: Holiday) => Promise<boolean | void>;
}

const FORM_FIELDS = new Set(['name', 'dateHoliday', 'body']);

/**
 * The holiday dialog (spec administration §2, §4, §5): name, day, message (at least 5 characters, 'Mensagem muito
 * curta'; 'Obrigatório') and an optional PNG or JPEG image, previewed before the save and uploaded after it. A sent
 * holiday (sentAt set) shows read-only with when it went out, without a submit; one whose send failed is titled
 * 'Erro de Envio' and says that saving again retries.
 */
export function HolidayModal({ isOpen, onOpenChange, holiday, date, onSave, onDelete }: HolidayModalProps) {
  const t = useT(holidaysTexts);
  const locale = useLocale();
  const tag = LANGUAGE_TAGS[locale];
  const formId = useId();
  const form = useForm<HolidayFormValues>({ defaultValues: holidayFormValues(holiday, date) });
  const [picked, setFile] = usePickedFile();
  const file = picked?.file ?? null;
  const preview = picked?.url ?? null;
  const [removeMedia, setRemoveMedia] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const sent = isSent(holiday);
  const failed = holiday?.status === 'ERRO' && !sent;
  const busy = form.formState.isSubmitting;

  const currentName = removeMedia ? null : (holiday?.mediaName ?? null);
  const shownName = file?.name ?? currentName;

  const pick = (chosen: File) => {
    const problem = imageProblem(chosen);
    if (problem) {
      setFileError(t(problem));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const removeImage = () => {
    setFileError(null);
    if (file) setFile(null);
    else setRemoveMedia(true);
  };

  const submit = async (values: HolidayFormValues) => {
    setFailure(null);
    try {
      await onSave({ values, file, removeMedia: removeMedia && !file });
      onOpenChange(false);
    } catch (err) {
      applyServerErrors(form.setError, err);
      const fields = serverFieldErrors(err);
      if (fields.some(({ field }) => field === 'file')) setFileError(fields.find(({ field }) => field === 'file')?.message ?? null);
      if (fields.length === 0 || !fields.every(({ field }) => FORM_FIELDS.has(field))) setFailure(errorText(locale, err));
    }
  };

  const title = sent ? t('holidays.modal.sent') : failed ? t('holidays.modal.error') : t(holiday ? 'holidays.modal.edit' : 'holidays.modal.add');
  const deleteButton = holiday && onDelete && (
    <Button variant="danger" className="atd-HolidayModal-delete" isDisabled={busy} onPress={() => setConfirming(true)}>
      {t('action.delete')}
    </Button>
  );

  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      size="md"
      className="atd-HolidayModal"
      footer={
        sent ? (
          <>
            {deleteButton}
            <Button variant="secondary" onPress={() => onOpenChange(false)}>
              {t('action.close')}
            </Button>
          </>
        ) : (
          <>
            {deleteButton}
            <Button variant="secondary" isDisabled={busy} onPress={() => onOpenChange(false)}>
              {t('action.cancel')}
            </Button>
            {/* In the dialog's footer, outside the <form>: the form attribute ties it to the form. */}
            <Button type="submit" form={formId} isPending={busy}>
              {t('action.save')}
            </Button>
          </>
        )
      }
    >
      {sent && holiday ? (
        <div className="atd-HolidayModal-sent">
          <p className="atd-HolidayModal-notice" data-status="ENVIADA" role="status">
            {t('holidays.sent.notice', { when: formatInstant(tag, holiday.sentAt ?? '') })}
          </p>
          <dl className="atd-HolidayModal-facts">
            <dt>{t('holidays.field.name')}</dt>
            <dd>{holiday.name}</dd>
            <dt>{t('holidays.field.date')}</dt>
            <dd>{formatDay(tag, holiday.dateHoliday.slice(0, 10), 'full')}</dd>
            <dt>{t('holidays.field.body')}</dt>
            <dd className="atd-HolidayModal-body">{holiday.body}</dd>
            <dt>{t('holidays.field.image')}</dt>
            <dd>{holiday.mediaName ?? t('holidays.attachment.none')}</dd>
          </dl>
        </div>
      ) : (
        <Form form={form} id={formId} onSubmit={submit} className="atd-HolidayModal-form">
          {failed && (
            <p className="atd-HolidayModal-notice" data-status="ERRO" role="alert">
              {t('holidays.error.notice')}
            </p>
          )}
          {failure && (
            <p className="atd-HolidayModal-failure" role="alert">
              {failure}
            </p>
          )}
          <div className="atd-HolidayModal-fields">
            <FormTextField<HolidayFormValues> name="name" rule={holidayNameRule} label={t('holidays.field.name')} isRequired autoFocus autoComplete="off" />
            <FormTextField<HolidayFormValues> name="dateHoliday" rule={holidayDateRule} label={t('holidays.field.date')} type="date" isRequired />
          </div>
          <FormTextArea<HolidayFormValues>
            name="body"
            rule={holidayMessageRule}
            label={t('holidays.field.body')}
            description={t('holidays.field.body.description')}
            isRequired
            rows={4}
          />
          <AttachmentField
            label={t('holidays.attachment')}
            acceptedFileTypes={HOLIDAY_MEDIA_ACCEPT}
            fileName={shownName}
            previewUrl={preview}
            removed={removeMedia}
            onPick={pick}
            onRemove={removeImage}
            hint={t('holidays.attachment.hint')}
            error={fileError}
            texts={{
              pick: t('holidays.attachment.pick'),
              replace: t('holidays.attachment.replace'),
              remove: (name) => t('holidays.attachment.remove', { name }),
              preview: (name) => t('holidays.attachment.preview', { name }),
              removed: t('holidays.attachment.removed'),
            }}
          />
        </Form>
      )}
      {holiday && onDelete && (
        <ConfirmationDialog
          isOpen={confirming}
          onOpenChange={setConfirming}
          title={t('holidays.confirmDelete.title', { name: holiday.name })}
          confirmLabel={t('action.delete')}
          onConfirm={async () => {
            if ((await onDelete(holiday)) !== false) onOpenChange(false);
          }}
        >
          <p className="atd-HolidayModal-confirmText">{t('holidays.confirmDelete.body')}</p>
        </ConfirmationDialog>
      )}
    </Dialog>
  );
}
