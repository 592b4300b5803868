import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextArea, FormTextField } from '../../../../forms/Form';
import { FormDialog } from '../../../../forms/FormDialog';
import { applyServerErrors, serverFieldErrors } from '../../../../forms/server-errors';
import { errorText, useLocale, useT } from '../../../../i18n';
import { helpsTexts } from '../helps.texts';
import { helpDescriptionRule, helpFormValues, helpTitleRule, helpVideoRule, youtubeId, type Help, type HelpFormValues } from '../help-rules';
import { VideoThumbnail } from '../VideoThumbnail';

export interface HelpModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The help edited; null to add one. Mount the modal anew (a `key`) for each opening. */
  help?: Help | null;
  /** Save: the caller creates or updates. Resolve to close; reject to stay open (the API's field errors land on their fields). */
  onSave: (values: HelpFormValues) => Promise<void>;
}

const FORM_FIELDS = new Set(['title', 'description', 'video']);

/**
 * The help modal (super users): title (1-100), description (up to 4096) and the video as a YouTube link or id, checked
 * as the API checks it, with the video's thumbnail shown as soon as the link reads.
 */
export function HelpModal({ isOpen, onOpenChange, help, onSave }: HelpModalProps) {
  const t = useT(helpsTexts);
  const locale = useLocale();
  const form = useForm<HelpFormValues>({ defaultValues: helpFormValues(help) });
  const [failure, setFailure] = useState<string | null>(null);
  const video = useWatch({ control: form.control, name: 'video' });
  const previewId = youtubeId(video ?? '');

  const submit = async (values: HelpFormValues) => {
    setFailure(null);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      applyServerErrors(form.setError, err);
      if (!serverFieldErrors(err).every(({ field }) => FORM_FIELDS.has(field))) setFailure(errorText(locale, err));
    }
  };

  return (
    <FormDialog
      title={t(help ? 'helps.modal.edit' : 'helps.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      className="atd-HelpModal"
      form={form}
      onSubmit={submit}
      formClassName="atd-HelpModal-form"
    >
      {failure && (
        <p className="atd-HelpModal-failure" role="alert">
          {failure}
        </p>
      )}
      <div className="atd-HelpModal-fields">
        <FormTextField<HelpFormValues> name="title" rule={helpTitleRule} label={t('helps.field.title')} isRequired autoFocus autoComplete="off" />
        <FormTextField<HelpFormValues>
          name="video"
          rule={helpVideoRule}
          label={t('helps.field.video')}
          description={t('helps.field.video.hint')}
          isRequired
          autoComplete="off"
          inputMode="url"
        />
        <FormTextArea<HelpFormValues>
          name="description"
          rule={helpDescriptionRule}
          label={t('helps.field.description')}
          description={t('helps.field.description.hint')}
          rows={4}
        />
      </div>
      <figure className="atd-HelpModal-preview" data-empty={previewId ? undefined : true}>
        {previewId ? (
          <>
            <span className="atd-HelpModal-still">
              <VideoThumbnail key={previewId} video={previewId} alt={t('helps.preview')} />
            </span>
            <figcaption className="atd-HelpModal-previewCaption">{previewId}</figcaption>
          </>
        ) : (
          <span className="atd-HelpModal-previewEmpty">{t('helps.preview.empty')}</span>
        )}
      </figure>
    </FormDialog>
  );
}
