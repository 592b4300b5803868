import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AttachmentField, usePickedFile } from '../../../forms/AttachmentField/AttachmentField';
import { FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { MESSAGE_VARIABLES, type MessageVariableName } from '../../../client';
import { useT, type MessageKey } from '../../../i18n';
import { quickMessagesTexts } from '../quick-messages.texts';
import { Button } from '../../../primitives/Button/Button';
import { Switch } from '../../../primitives/Switch/Switch';
import {
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QUICK_MESSAGE_MEDIA_TYPES,
  shortcodeRule,
  type QuickMessage,
  type QuickMessageFormValues,
} from '../quick-message-rules';

const VARIABLE_TEXTS: Record<MessageVariableName, MessageKey> = {
  name: 'quickMessages.variable.name',
  firstName: 'quickMessages.variable.firstName',
  greeting: 'quickMessages.variable.greeting',
  user: 'quickMessages.variable.user',
  queue: 'quickMessages.variable.queue',
  protocol: 'quickMessages.variable.protocol',
  time: 'quickMessages.variable.time',
};

/** The variables a message may hold (filled when the reply is chosen in a chat), each a button that inserts it. */
function VariableHint({ onInsert }: { onInsert: (token: string) => void }) {
  const t = useT(quickMessagesTexts);
  const hintId = useId();
  return (
    <div className="atd-QuickMessageModal-variables" role="group" aria-label={t('quickMessages.variables')} aria-describedby={hintId}>
      <span className="atd-QuickMessageModal-attachmentLabel">{t('quickMessages.variables')}</span>
      <p id={hintId} className="atd-QuickMessageModal-hint">
        {t('quickMessages.variables.hint')}
      </p>
      <ul className="atd-QuickMessageModal-variableList">
        {MESSAGE_VARIABLES.map(({ name }) => {
          const token = `{{${name}}}`;
          const description = t(VARIABLE_TEXTS[name]);
          return (
            <li key={name}>
              <Button
                variant="secondary"
                className="atd-QuickMessageModal-variable"
                aria-label={t('quickMessages.variables.insert', { variable: token, description })}
                onPress={() => onInsert(token)}
              >
                <code>{token}</code>
              </Button>
              <span className="atd-QuickMessageModal-hint">{description}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface QuickMessageModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The quick message being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  quickMessage?: QuickMessage | null;
  /** tickets-manager:showall: the 'Privado' switch is shown (default on: private). Without it a quick message is private. */
  canShare: boolean;
  /**
   * Save: the caller creates or updates, then uploads `file` or removes the attachment. Resolve to close; reject to
   * stay open (an API validation error lands on its field).
   */
  onSave: (values: QuickMessageFormValues) => Promise<void>;
}

interface FormValues {
  shortcode: string;
  message: string;
}

/**
 * Spec back-office §2, §5, §6: the quick-message modal. Shortcode (required, 'Obrigatório'), message (not
 * validated), an attachment chosen here and uploaded after the save (its name shown; the current one can be
 * removed), and the 'Privado' switch for tickets-manager:showall holders, on by default.
 */
export function QuickMessageModal({ isOpen, onOpenChange, quickMessage, canShare, onSave }: QuickMessageModalProps) {
  const t = useT(quickMessagesTexts);
  const form = useForm<FormValues>({ defaultValues: { shortcode: quickMessage?.shortcode ?? '', message: quickMessage?.message ?? '' } });
  const [isPrivate, setPrivate] = useState(quickMessage ? !quickMessage.geral : true);
  const [picked, setFile] = usePickedFile();
  const file = picked?.file ?? null;
  const [removeAttachment, setRemoveAttachment] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  const currentName = removeAttachment ? null : (quickMessage?.mediaName ?? (quickMessage?.mediaPath ? quickMessage.mediaPath : null));
  const shownName = file?.name ?? currentName;

  const pick = (chosen: File) => {
    if (chosen.size > QUICK_MESSAGE_MEDIA_MAX_BYTES) {
      setFileError(t('quickMessages.attachment.tooLarge'));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const remove = () => {
    setFileError(null);
    if (file) setFile(null);
    else setRemoveAttachment(true);
  };

  // A variable goes at the end of the message, a space before it when the text does not end in one.
  const insertVariable = (token: string) => {
    const current = form.getValues('message') ?? '';
    const gap = current && !/\s$/.test(current) ? ' ' : '';
    form.setValue('message', `${current}${gap}${token}`, { shouldDirty: true });
  };

  const submit = async (values: FormValues) => {
    try {
      await onSave({
        shortcode: values.shortcode.trim(),
        message: values.message,
        geral: canShare ? !isPrivate : false,
        file,
        removeAttachment: removeAttachment && !file,
      });
      onOpenChange(false);
    } catch (err) {
      // the connected page toasts what is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <FormDialog
      title={t(quickMessage ? 'quickMessages.modal.edit' : 'quickMessages.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-QuickMessageModal"
      form={form}
      onSubmit={submit}
      formClassName="atd-QuickMessageModal-form"
    >
      <FormTextField<FormValues>
        name="shortcode"
        rule={shortcodeRule}
        label={t('quickMessages.field.shortcode')}
        description={t('quickMessages.field.shortcode.description')}
        isRequired
        autoFocus
      />
      <FormTextArea<FormValues> name="message" label={t('quickMessages.field.message')} rows={5} />
      <VariableHint onInsert={insertVariable} />
      <AttachmentField
        label={t('quickMessages.attachment')}
        acceptedFileTypes={QUICK_MESSAGE_MEDIA_TYPES}
        fileName={shownName}
        previewUrl={file ? picked?.url : null}
        removed={removeAttachment}
        onPick={pick}
        onRemove={remove}
        hint={t('quickMessages.attachment.hint')}
        error={fileError}
        texts={{
          pick: t('quickMessages.attach'),
          replace: t('quickMessages.replaceAttachment'),
          remove: (name) => t('quickMessages.removeAttachment', { name }),
          removed: t('quickMessages.attachment.removed'),
        }}
      />
      {canShare && (
        <div className="atd-QuickMessageModal-private">
          <Switch isSelected={isPrivate} onChange={setPrivate}>
            {t('quickMessages.field.private')}
          </Switch>
          <span className="atd-QuickMessageModal-hint" aria-live="polite">
            {t(isPrivate ? 'quickMessages.field.private.on' : 'quickMessages.field.private.off')}
          </span>
        </div>
      )}
    </FormDialog>
  );
}
