import { useId, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { AttachmentField, usePickedFile } from '../../../forms/AttachmentField/AttachmentField';
import { Form, FormSelect, FormSwitch, FormTextArea, FormTextField } from '../../../forms/Form';
import { serverFieldErrors } from '../../../forms/server-errors';
import type { MessageKey } from '../../../i18n/pt';
import { errorText, useLocale, useT } from '../../../i18n';
import { campaignsTexts } from '../campaigns.texts';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import type { SelectOption } from '../../../primitives/Select/Select';
import { Tab, TabList, TabPanel, Tabs } from '../../../primitives/Tabs/Tabs';
import { CampaignStatusChip } from '../CampaignsView/CampaignsView';
import {
  CONTACT_VARIABLES,
  MESSAGE_SLOTS,
  NONE,
  campaignFormValues,
  campaignNameRule,
  mediaDisplayName,
  slotOf,
  type Campaign,
  type CampaignFormValues,
  type MessageSlot,
} from '../campaign-rules';

/** A choice of the dialog's selects. */
export interface CampaignChoice {
  id: number;
  name: string;
}

/** What the dialog hands to its save. */
export interface CampaignSave {
  values: CampaignFormValues;
  /** A file picked to attach (uploaded after the save). */
  file: File | null;
  /** The current attachment is to be removed. */
  removeMedia: boolean;
}

export interface CampaignModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The campaign opened (its `editable` decides what may change); null to add one. Mount anew (a `key`) for each opening. */
  campaign?: Campaign | null;
  /** GET /whatsapp: the connections. */
  whatsapps: CampaignChoice[];
  /** GET /contact-lists/list. */
  contactLists: CampaignChoice[];
  /** GET /tags/list. */
  tags: CampaignChoice[];
  /** The file lists (GET /files). */
  fileLists: CampaignChoice[];
  /** The keys of the company's campaign variables (GET /campaign-settings), shown after {nome}, {numero}, {email}. */
  variables: string[];
  /**
   * Save: the caller creates or updates, then uploads the attachment or removes it. Resolve to close; reject to stay
   * open (the API's field errors land on their fields, anything else shows in the dialog).
   */
  onSave: (save: CampaignSave) => Promise<void>;
}

const FORM_FIELDS = new Set<string>(['name', 'whatsappId', 'contactListId', 'tagListId', 'fileListId', 'confirmation', 'scheduledAt']);
/** The API's field messages that have a translation here (others show as the API wrote them). */
const SERVER_TEXTS: Record<string, MessageKey> = {
  Obrigatório: 'campaigns.validation.required',
  'Choose a contact list or a tag': 'campaigns.validation.recipients',
  'Too Short!': 'campaigns.validation.tooShort',
  'Too Long!': 'campaigns.validation.tooLong',
  'Not found': 'campaigns.validation.notFound',
  'Invalid date': 'campaigns.validation.date',
};
const isFormField = (field: string) => FORM_FIELDS.has(field) || slotOf(field) !== null;

/**
 * The campaign dialog (spec back-office §2-§5): name (2 to 50), connection, contact list, tag list ('Nenhuma' by
 * default), file list, confirmation, schedule, five messages in tabs 'Msg. 1'..'Msg. 5' (each with its confirmation
 * message while confirmation is on), the variables they may use, and an attachment uploaded after the save. What
 * may change follows the API's `editable`: 'all' everything; 'messages' (a cancelled campaign) only the messages;
 * 'none' nothing, without a save.
 */
export function CampaignModal({ isOpen, onOpenChange, campaign, whatsapps, contactLists, tags, fileLists, variables, onSave }: CampaignModalProps) {
  const t = useT(campaignsTexts);
  const locale = useLocale();
  const formId = useId();
  const hintId = useId();
  const form = useForm<CampaignFormValues>({ defaultValues: campaignFormValues(campaign) });
  const confirmation = useWatch({ control: form.control, name: 'confirmation' });
  const [tab, setTab] = useState<Key>('msg-1');
  const [picked, setFile] = usePickedFile();
  const file = picked?.file ?? null;
  const [removeMedia, setRemoveMedia] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const editable = campaign?.editable ?? 'all';
  const settingsLocked = editable !== 'all';
  const messagesLocked = editable === 'none';

  const none: SelectOption = { id: NONE, label: t('campaigns.field.none') };
  const options = (list: CampaignChoice[]): SelectOption[] => list.map((c) => ({ id: c.id, label: c.name }));

  const currentName = removeMedia ? null : (campaign?.mediaName ?? null);
  const shownName = file ? mediaDisplayName(file.name) : currentName && mediaDisplayName(currentName);
  const variableList = [...CONTACT_VARIABLES, ...variables].map((v) => `{${v}}`).join(', ');

  const showSlotOf = (fields: string[]) => {
    const slot = fields.map(slotOf).find((s): s is MessageSlot => s !== null);
    if (slot) setTab(`msg-${slot}`);
  };

  const submit = async (values: CampaignFormValues) => {
    setFailure(null);
    try {
      await onSave({ values, file, removeMedia: removeMedia && !file });
      onOpenChange(false);
    } catch (err) {
      const fields = serverFieldErrors(err);
      // The tab of a failing message is shown; its error waits in the form state for the field to mount.
      showSlotOf(fields.map((f) => f.field));
      fields.forEach(({ field, message }, i) => {
        if (isFormField(field))
          form.setError(field as keyof CampaignFormValues, { type: 'server', message: SERVER_TEXTS[message] ?? message }, { shouldFocus: i === 0 });
      });
      const incomplete = (err as { code?: string } | null)?.code === 'ERR_CAMPAIGN_INCOMPLETE';
      if (incomplete || fields.length === 0 || !fields.every(({ field }) => isFormField(field))) setFailure(errorText(locale, err));
    }
  };

  const invalid = (errors: FieldErrors<CampaignFormValues>) => showSlotOf(Object.keys(errors));

  const title = !campaign ? t('campaigns.modal.add') : editable === 'none' ? t('campaigns.modal.view') : t('campaigns.modal.edit');

  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      size="lg"
      className="atd-CampaignModal"
      footer={
        editable === 'none' ? (
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('action.close')}
          </Button>
        ) : (
          <>
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
      <Form form={form} id={formId} onSubmit={submit} onInvalid={invalid} className="atd-CampaignModal-form">
        {campaign && (
          <div className="atd-CampaignModal-status">
            <CampaignStatusChip status={campaign.status} />
            {editable !== 'all' && (
              <p className="atd-CampaignModal-notice" data-editable={editable}>
                {t(editable === 'messages' ? 'campaigns.modal.messagesOnly' : 'campaigns.modal.readOnly')}
              </p>
            )}
          </div>
        )}
        {failure && (
          <p className="atd-CampaignModal-failure" role="alert">
            {failure}
          </p>
        )}
        <FormTextField<CampaignFormValues>
          name="name"
          rule={campaignNameRule}
          label={t('campaigns.field.name')}
          isRequired
          isReadOnly={settingsLocked}
          autoFocus={!settingsLocked}
          autoComplete="off"
        />
        <div className="atd-CampaignModal-grid">
          <FormSelect<CampaignFormValues> name="whatsappId" label={t('campaigns.field.whatsapp')} items={options(whatsapps)} isDisabled={settingsLocked} />
          <FormSelect<CampaignFormValues>
            name="contactListId"
            label={t('campaigns.field.contactList')}
            items={options(contactLists)}
            isDisabled={settingsLocked}
          />
          <FormSelect<CampaignFormValues> name="tagListId" label={t('campaigns.field.tagList')} items={[none, ...options(tags)]} isDisabled={settingsLocked} />
          <FormSelect<CampaignFormValues>
            name="fileListId"
            label={t('campaigns.field.fileList')}
            items={[none, ...options(fileLists)]}
            isDisabled={settingsLocked}
          />
          <FormTextField<CampaignFormValues>
            name="scheduledAt"
            type="datetime-local"
            label={t('campaigns.field.scheduledAt')}
            description={settingsLocked ? undefined : t('campaigns.field.scheduledAt.description')}
            isReadOnly={settingsLocked}
          />
          <div className="atd-CampaignModal-switch">
            <FormSwitch<CampaignFormValues> name="confirmation" isReadOnly={settingsLocked}>
              {t('campaigns.field.confirmation')}
            </FormSwitch>
          </div>
        </div>

        <fieldset className="atd-CampaignModal-messages" aria-describedby={hintId}>
          <legend className="atd-CampaignModal-legend">{t('campaigns.messages')}</legend>
          <Tabs selectedKey={tab} onSelectionChange={setTab} className="atd-CampaignModal-tabs">
            <TabList aria-label={t('campaigns.messages')}>
              {MESSAGE_SLOTS.map((n) => (
                <Tab key={n} id={`msg-${n}`}>
                  {t('campaigns.messages.tab', { n })}
                </Tab>
              ))}
            </TabList>
            {MESSAGE_SLOTS.map((n) => (
              <TabPanel key={n} id={`msg-${n}`} className="atd-CampaignModal-panel">
                <FormTextArea<CampaignFormValues> name={`message${n}`} label={t('campaigns.field.message', { n })} rows={4} isReadOnly={messagesLocked} />
                {confirmation && (
                  <FormTextArea<CampaignFormValues>
                    name={`confirmationMessage${n}`}
                    label={t('campaigns.field.confirmationMessage', { n })}
                    rows={3}
                    isReadOnly={messagesLocked}
                  />
                )}
              </TabPanel>
            ))}
          </Tabs>
          <p id={hintId} className="atd-CampaignModal-hint">
            {t('campaigns.variables', { list: variableList })} {t('campaigns.variables.hint')}
          </p>
        </fieldset>

        <AttachmentField
          label={t('campaigns.attachment')}
          fileName={shownName}
          previewUrl={file ? picked?.url : null}
          removed={removeMedia}
          onPick={setFile}
          onRemove={() => (file ? setFile(null) : setRemoveMedia(true))}
          hint={t('campaigns.attachment.hint')}
          isReadOnly={settingsLocked}
          texts={{
            pick: t('campaigns.attachment.pick'),
            replace: t('campaigns.attachment.replace'),
            remove: (name) => t('campaigns.attachment.remove', { name }),
            removed: t('campaigns.attachment.removed'),
            none: t('campaigns.attachment.none'),
          }}
        />
      </Form>
    </Dialog>
  );
}
