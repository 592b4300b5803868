import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Schema } from '../../../client';
import { Form, FormSubmit, FormSwitch, FormTextField } from '../../../forms/Form';
import { applyServerErrors } from '../../../forms/server-errors';
import { compose, maxLength, minLength, required, type Rule } from '../../../forms/validators';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';

/** The API's default colour of a tag. */
export const DEFAULT_TAG_COLOR = '#A4CCCC';

/** Back-office §5: a tag's name is required and has at least 3 characters (the API allows 50). */
export const tagNameRule: Rule<unknown> = compose(
  required('tags.validation.required'),
  minLength(3, 'tags.validation.short'),
  maxLength(50, 'tags.validation.long'),
);

export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

export interface TagModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The tag edited; none to add one. */
  tag?: Pick<Schema<'TagDto'>, 'id' | 'name' | 'color' | 'kanban'> | null;
  /** Back-office §6: the kanban switch is usable only by admins and supervisors (permission tags:kanban). */
  canEditKanban: boolean;
  /** Saves; reject to keep the modal open (the API's field errors go on the fields). The modal closes when it resolves. */
  onSave: (values: TagFormValues) => Promise<unknown> | void;
}

/** The tag modal (back-office §2): name, colour and the kanban switch. */
export function TagModal({ isOpen, onOpenChange, tag, canEditKanban, onSave }: TagModalProps) {
  const t = useT();
  return (
    <Dialog title={t(tag ? 'tags.modal.editTitle' : 'tags.modal.addTitle')} isOpen={isOpen} onOpenChange={onOpenChange} className="atd-TagModal">
      {/* Keyed by the tag: opening the modal for another tag starts from its values. */}
      <TagForm key={tag?.id ?? 'new'} tag={tag} canEditKanban={canEditKanban} onSave={onSave} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function TagForm({ tag, canEditKanban, onSave, onClose }: Pick<TagModalProps, 'tag' | 'canEditKanban' | 'onSave'> & { onClose: () => void }) {
  const t = useT();
  const colorId = useId();
  const form = useForm<TagFormValues>({
    defaultValues: { name: tag?.name ?? '', color: tag?.color ?? DEFAULT_TAG_COLOR, kanban: tag?.kanban === 1 },
  });
  const submit = async (values: TagFormValues) => {
    try {
      await onSave({ ...values, name: values.name.trim() });
      onClose();
    } catch (err) {
      applyServerErrors(form.setError, err);
    }
  };
  return (
    <Form form={form} onSubmit={submit} className="atd-TagForm" aria-label={t(tag ? 'tags.modal.editTitle' : 'tags.modal.addTitle')}>
      <FormTextField<TagFormValues> name="name" rule={tagNameRule} label={t('tags.modal.name')} autoComplete="off" autoFocus />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <div className="atd-TagForm-color">
            <label htmlFor={colorId} className="atd-TagForm-colorLabel">
              {t('tags.modal.color')}
            </label>
            <span className="atd-TagForm-colorRow">
              <input
                id={colorId}
                ref={field.ref}
                type="color"
                className="atd-TagForm-colorInput"
                name={field.name}
                value={toInputColor(field.value)}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              />
              <output htmlFor={colorId} className="atd-TagForm-colorValue">
                {field.value.toUpperCase()}
              </output>
            </span>
          </div>
        )}
      />
      {canEditKanban && (
        <FormSwitch<TagFormValues> name="kanban" className="atd-TagForm-kanban">
          {t('tags.modal.kanban')}
          <span className="atd-TagForm-hint">{t('tags.modal.kanbanHint')}</span>
        </FormSwitch>
      )}
      <div className="atd-TagForm-actions">
        <Button variant="secondary" onPress={onClose}>
          {t('action.cancel')}
        </Button>
        <FormSubmit>{t(tag ? 'tags.modal.save' : 'tags.modal.add')}</FormSubmit>
      </div>
    </Form>
  );
}

/** `<input type="color">` takes #rrggbb only: #rgb is expanded, an alpha part dropped. */
export function toInputColor(color: string): string {
  const hex = color.trim();
  if (/^#[0-9a-fA-F]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  if (/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(hex)) return hex.slice(0, 7).toLowerCase();
  return DEFAULT_TAG_COLOR.toLowerCase();
}
