import { useForm } from 'react-hook-form';
import { FormPasswordField, FormSelect, FormTextArea, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { promptsTexts } from '../prompts.texts';
import {
  PROMPT_TEXT_VOICE,
  PROMPT_VOICES,
  apiKeyRule,
  baseUrlRule,
  initialPromptValues,
  maxMessagesRule,
  maxTokensRule,
  modelRule,
  promptNameRule,
  promptQueueRule,
  promptTextRule,
  temperatureRule,
  type Prompt,
  type PromptFormValues,
} from '../prompt-rules';

export interface PromptModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The prompt being edited; null or left out to add one. Mount the modal anew (a `key`) for each opening. */
  prompt?: Prompt | null;
  /** The company's queues (sectors) to choose from; undefined while they load. */
  queues: { id: number; name: string }[] | undefined;
  /** Save: resolve to close; reject to stay open (an API validation error lands on its field). */
  onSave: (values: PromptFormValues) => Promise<void>;
}

/**
 * Spec back-office (Prompts page): the add/edit dialog. Name, API key (password field with show/hide; an edit keeps
 * the stored key when left blank), the prompt (10 rows), queue, voice, voice key, voice region, temperature, max
 * tokens and max messages; the model and the base URL of an OpenAI-compatible service under 'Avançado'.
 */
export function PromptModal({ isOpen, onOpenChange, prompt, queues, onSave }: PromptModalProps) {
  const t = useT(promptsTexts);
  const form = useForm<PromptFormValues>({ defaultValues: initialPromptValues(prompt) });
  const hasApiKey = Boolean(prompt?.hasApiKey);
  const hasVoiceKey = Boolean(prompt?.hasVoiceKey);

  const submit = async (values: PromptFormValues) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (err) {
      // the connected page toasts what is not a field error
      applyServerErrors(form.setError, err);
    }
  };

  const queueItems = (queues ?? []).map((q) => ({ id: String(q.id), label: q.name }));
  const voices: string[] = [...PROMPT_VOICES];
  if (prompt && prompt.voice !== PROMPT_TEXT_VOICE && !voices.includes(prompt.voice)) voices.push(prompt.voice);
  const voiceItems = [{ id: PROMPT_TEXT_VOICE, label: t('prompts.voice.text') }, ...voices.map((v) => ({ id: v, label: v }))];
  // An advanced field refused by the API opens its section.
  const advancedError = Boolean(form.formState.errors.model || form.formState.errors.baseUrl);

  return (
    <FormDialog
      title={t(prompt ? 'prompts.modal.edit' : 'prompts.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="atd-PromptModal"
      size="lg"
      form={form}
      onSubmit={submit}
      formClassName="atd-PromptModal-form"
      submitLabel={t('prompts.modal.ok')}
    >
      <div className="atd-PromptModal-grid">
        <FormTextField<PromptFormValues> name="name" rule={promptNameRule} label={t('prompts.field.name')} isRequired autoFocus />
        <FormPasswordField<PromptFormValues>
          name="apiKey"
          rule={apiKeyRule(hasApiKey)}
          label={t('prompts.field.apiKey')}
          placeholder={hasApiKey ? t('prompts.field.apiKey.stored') : undefined}
          autoComplete="off"
          isRequired={!hasApiKey}
        />
      </div>
      <FormTextArea<PromptFormValues>
        name="prompt"
        rule={promptTextRule}
        label={t('prompts.field.prompt')}
        description={t('prompts.field.prompt.description')}
        rows={10}
        isRequired
      />
      <div className="atd-PromptModal-grid">
        <FormSelect<PromptFormValues> name="queueId" rule={promptQueueRule} label={t('prompts.field.queue')} items={queueItems} isRequired />
        <FormSelect<PromptFormValues> name="voice" label={t('prompts.field.voice')} description={t('prompts.field.voice.description')} items={voiceItems} />
        <FormPasswordField<PromptFormValues>
          name="voiceKey"
          label={t('prompts.field.voiceKey')}
          placeholder={hasVoiceKey ? t('prompts.field.voiceKey.stored') : undefined}
          autoComplete="off"
        />
        <FormTextField<PromptFormValues> name="voiceRegion" label={t('prompts.field.voiceRegion')} />
      </div>
      <div className="atd-PromptModal-grid atd-PromptModal-numbers">
        <FormTextField<PromptFormValues> name="temperature" rule={temperatureRule} label={t('prompts.field.temperature')} inputMode="decimal" isRequired />
        <FormTextField<PromptFormValues> name="maxTokens" rule={maxTokensRule} label={t('prompts.field.maxTokens')} inputMode="numeric" isRequired />
        <FormTextField<PromptFormValues> name="maxMessages" rule={maxMessagesRule} label={t('prompts.field.maxMessages')} inputMode="numeric" isRequired />
      </div>
      <details className="atd-PromptModal-advanced" open={advancedError || undefined}>
        <summary className="atd-PromptModal-summary">{t('prompts.advanced')}</summary>
        <div className="atd-PromptModal-grid">
          <FormTextField<PromptFormValues> name="model" rule={modelRule} label={t('prompts.field.model')} isRequired />
          <FormTextField<PromptFormValues>
            name="baseUrl"
            rule={baseUrlRule}
            label={t('prompts.field.baseUrl')}
            description={t('prompts.field.baseUrl.description')}
            inputMode="url"
          />
        </div>
      </details>
    </FormDialog>
  );
}
