import { useEffect } from 'react';
import { useController, useFieldArray, useForm, type Control } from 'react-hook-form';
import { AttachmentField } from '../../../forms/AttachmentField/AttachmentField';
import { FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { isMessageKey, useT } from '../../../i18n';
import { fileListsTexts } from '../file-lists.texts';
import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import {
  FILE_LIST_ACCEPTED_TYPES,
  FILE_LIST_FILE_MAX_BYTES,
  FILE_LIST_OPTIONS_MAX,
  fileListMessageRule,
  fileListNameRule,
  fileListOptionNameRule,
  type FileList,
  type FileListFormValues,
} from '../file-list-rules';

export interface FileListModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The list being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  fileList?: FileList | null;
  /**
   * OK: the caller creates or updates the list, then uploads the picked files. Resolve to close; reject to stay open
   * (an API validation error lands on its field).
   */
  onSave: (values: FileListFormValues) => Promise<void>;
}

const initialValues = (list: FileList | null | undefined): FileListFormValues => ({
  name: list?.name ?? '',
  message: list?.message ?? '',
  options: (list?.options ?? []).map((o) => ({ optionId: o.id, name: o.name, file: null, currentFile: o.mediaName ?? o.path })),
});

/** One option's file: the current or picked file's name and the picker (no remove: the option goes instead). A new option needs a file. */
function OptionFile({ control, index, number }: { control: Control<FileListFormValues>; index: number; number: number }) {
  const t = useT(fileListsTexts);
  const { field, fieldState } = useController({
    control,
    name: `options.${index}.file`,
    rules: {
      validate: (file, values) => {
        if (file && file.size > FILE_LIST_FILE_MAX_BYTES) return 'fileLists.option.tooLarge';
        return file || values.options[index]?.currentFile ? true : 'fileLists.option.missingFile';
      },
    },
  });
  const current = useController({ control, name: `options.${index}.currentFile` }).field.value;
  const shown = field.value?.name ?? current;
  const message = fieldState.error?.message;
  return (
    <AttachmentField
      label={t('fileLists.option', { number })}
      hideLabel
      acceptedFileTypes={FILE_LIST_ACCEPTED_TYPES}
      fileName={shown}
      onPick={field.onChange}
      error={message ? (isMessageKey(message) ? t(message) : message) : null}
      texts={{
        pick: t('fileLists.option.pick'),
        replace: t('fileLists.option.replace'),
        none: t('fileLists.option.none'),
      }}
      className="atd-FileListModal-file"
    />
  );
}

/**
 * Spec back-office §2, §5 (Files page): the add/edit dialog. Name (required, at least 3 characters), message
 * (multiline, 5 rows, required) and a repeatable list of file options, each with a multiline name, a file picker
 * and a remove button; 'Adicionar arquivo' adds one (up to 10). Cancel and OK; the picked files are uploaded by the
 * caller after the save.
 */
export function FileListModal({ isOpen, onOpenChange, fileList, onSave }: FileListModalProps) {
  const t = useT(fileListsTexts);
  const form = useForm<FileListFormValues>({ defaultValues: initialValues(fileList) });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const full = options.fields.length >= FILE_LIST_OPTIONS_MAX;

  // Saved while the dialog stays open (its upload failed): the new options now exist, in the order sent, so a second
  // OK keeps them instead of adding them again.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!fileList) return;
    getValues('options').forEach((o, i) => {
      const saved = fileList.options[i];
      if (o.optionId === undefined && saved) setValue(`options.${i}.optionId`, saved.id);
    });
  }, [fileList, getValues, setValue]);

  const submit = async (values: FileListFormValues) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      // the connected page toasts what is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <FormDialog
      title={t(fileList ? 'fileLists.modal.edit' : 'fileLists.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-FileListModal"
      size="lg"
      form={form}
      onSubmit={submit}
      formClassName="atd-FileListModal-form"
      submitLabel={t('fileLists.modal.ok')}
    >
      <FormTextField<FileListFormValues> name="name" rule={fileListNameRule} label={t('fileLists.field.name')} isRequired autoFocus />
      <FormTextArea<FileListFormValues> name="message" rule={fileListMessageRule} label={t('fileLists.field.message')} rows={5} isRequired />
      <fieldset className="atd-FileListModal-options">
        <legend className="atd-FileListModal-legend">{t('fileLists.options')}</legend>
        <p className="atd-FileListModal-hint">{t('fileLists.options.hint')}</p>
        {options.fields.length === 0 && <p className="atd-FileListModal-hint">{t('fileLists.options.empty')}</p>}
        <ol className="atd-FileListModal-list">
          {options.fields.map((item, index) => (
            <li key={item.id} className="atd-FileListModal-option" aria-label={t('fileLists.option', { number: index + 1 })}>
              <FormTextArea<FileListFormValues>
                name={`options.${index}.name`}
                rule={fileListOptionNameRule}
                label={t('fileLists.option.name', { number: index + 1 })}
                rows={2}
                className="atd-FileListModal-optionName"
              />
              <OptionFile control={form.control} index={index} number={index + 1} />
              <IconButton
                icon="delete"
                size="sm"
                variant="danger"
                className="atd-FileListModal-remove"
                aria-label={t('fileLists.option.remove', { number: index + 1 })}
                onPress={() => options.remove(index)}
              />
            </li>
          ))}
        </ol>
        <div className="atd-FileListModal-addRow">
          <Button variant="secondary" isDisabled={full} onPress={() => options.append({ name: '', file: null, currentFile: null })}>
            <Icon name="add" />
            {t('fileLists.addOption')}
          </Button>
          {full && <span className="atd-FileListModal-hint">{t('fileLists.maxOptions', { max: FILE_LIST_OPTIONS_MAX })}</span>}
        </div>
      </fieldset>
    </FormDialog>
  );
}
