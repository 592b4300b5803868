import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormSelect, FormSwitch, FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { AttachmentField, usePickedFile } from '../../../forms/AttachmentField/AttachmentField';
import { applyServerErrors, serverFieldErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { announcementsTexts } from '../announcements.texts';
import {
  ANNOUNCEMENT_MEDIA_ACCEPT,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementFormValues,
  announcementTextRule,
  announcementTitleRule,
  attachmentProblem,
  type Announcement,
  type AnnouncementFormValues,
  type AnnouncementSave,
} from '../announcement-rules';

export interface AnnouncementModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The announcement being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  announcement?: Announcement | null;
  /** The current attachment's image (an object URL), for its preview; left out, a plain thumbnail. */
  imageUrl?: string | null;
  /**
   * Save: the caller creates or updates, then uploads the image or removes it. Resolve to close; reject to stay open
   * (the API's field errors land on their fields; the caller toasts the rest).
   */
  onSave: (save: AnnouncementSave) => Promise<void>;
}

/**
 * Spec back-office (Announcements page, §5): the add/edit dialog. Title (required, up to 200 characters), text
 * (required, a textarea, up to 5000), priority (Alta, Média, Baixa; default Baixa, 3), status as a switch (default
 * Ativo) and an optional PNG/JPG/JPEG image, previewed before the save and uploaded after it; 'Remover' takes the
 * current one off on save. Messages: 'Obrigatório', 'Muito longo!'; a wrong file type or size is said under the picker.
 */
export function AnnouncementModal({ isOpen, onOpenChange, announcement, imageUrl, onSave }: AnnouncementModalProps) {
  const t = useT(announcementsTexts);
  const statusHintId = useId();
  const form = useForm<AnnouncementFormValues>({ defaultValues: announcementFormValues(announcement) });
  const [picked, setFile] = usePickedFile();
  const [removeMedia, setRemoveMedia] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const file = picked?.file ?? null;
  const currentName = removeMedia ? null : (announcement?.mediaName ?? null);
  const shownName = file?.name ?? currentName;
  const preview = file ? picked?.url : currentName ? imageUrl : null;

  const pick = (chosen: File) => {
    const problem = attachmentProblem(chosen);
    if (problem) return setFileError(t(problem));
    setFileError(null);
    setFile(chosen);
  };

  const remove = () => {
    setFileError(null);
    if (file) setFile(null);
    else setRemoveMedia(true);
  };

  const submit = async (values: AnnouncementFormValues) => {
    try {
      await onSave({ values, file, removeMedia: removeMedia && !file });
      onOpenChange(false);
    } catch (err) {
      applyServerErrors(form.setError, err);
      const onFile = serverFieldErrors(err).find(({ field }) => field === 'file');
      if (onFile) setFileError(onFile.message);
    }
  };

  const priorities = ANNOUNCEMENT_PRIORITIES.map((p) => ({ id: String(p), label: t(`announcements.priority.${p}`) }));

  return (
    <FormDialog
      title={t(announcement ? 'announcements.modal.edit' : 'announcements.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-AnnouncementModal"
      size="md"
      form={form}
      onSubmit={submit}
      formClassName="atd-AnnouncementModal-form"
    >
      <FormTextField<AnnouncementFormValues>
        name="title"
        rule={announcementTitleRule}
        label={t('announcements.field.title')}
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        isRequired
        autoFocus
        autoComplete="off"
      />
      <FormTextArea<AnnouncementFormValues>
        name="text"
        rule={announcementTextRule}
        label={t('announcements.field.text')}
        maxLength={ANNOUNCEMENT_TEXT_MAX}
        rows={5}
        isRequired
      />
      <div className="atd-AnnouncementModal-row">
        <FormSelect<AnnouncementFormValues> name="priority" label={t('announcements.field.priority')} items={priorities} />
        <div className="atd-AnnouncementModal-status">
          <FormSwitch<AnnouncementFormValues> name="status" aria-describedby={statusHintId}>
            {t('announcements.status.active')}
          </FormSwitch>
          <p id={statusHintId} className="atd-AnnouncementModal-hint">
            {t('announcements.field.status.description')}
          </p>
        </div>
      </div>
      <AttachmentField
        label={t('announcements.attachment')}
        acceptedFileTypes={ANNOUNCEMENT_MEDIA_ACCEPT}
        fileName={shownName}
        previewUrl={preview}
        removed={removeMedia}
        onPick={pick}
        onRemove={remove}
        hint={t('announcements.attachment.hint')}
        error={fileError}
        texts={{
          pick: t('announcements.attachment.pick'),
          replace: t('announcements.attachment.replace'),
          remove: (name) => t('announcements.attachment.remove', { name }),
          preview: (name) => t('announcements.attachment.preview', { name }),
          removed: t('announcements.attachment.removed'),
        }}
      />
    </FormDialog>
  );
}
