import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormSelect, FormSwitch, FormTextArea, FormTextField } from '../../../../forms/Form';
import { FormDialog } from '../../../../forms/FormDialog';
import { applyServerErrors, serverFieldErrors } from '../../../../forms/server-errors';
import { nameRule } from '../../../../forms/validators';
import { errorText, useLocale, useT } from '../../../../i18n';
import { queuesTexts } from '../../../../i18n/queues';
import { promptsTexts } from '../../../prompts/prompts.texts';
import { queueIntegrationsTexts } from '../../../queue-integrations/queue-integrations.texts';
import { Tab, TabList, TabPanel, Tabs } from '../../../../primitives/Tabs/Tabs';
import { toInputColor } from '../../../kanban/TagModal/TagModal';
import { BusinessHoursEditor } from '../../business-hours/BusinessHoursEditor/BusinessHoursEditor';
import { hasScheduleErrors, type Schedule } from '../../business-hours/business-hours';
import { colorRule, greetingRule, orderRule, queueFormValues, queueSchedules, type Queue, type QueueFormValues } from '../queue-rules';

export interface QueueModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The queue edited; null to add one. Mount the modal anew (a `key`) for each opening. */
  queue?: Queue | null;
  /** How many queues the company has besides this one (the greeting is required from two queues on). */
  otherQueues: number;
  /** The colour a new queue starts with (one no other queue uses). */
  suggestedColor: string;
  /** Setting scheduleType is 'queue': the 'Horários de Atendimento' tab shows and its hours are saved with the queue. */
  showHours: boolean;
  /**
   * Save: the caller creates or updates. Resolve to close; reject to stay open (the API's field errors land on their
   * fields, a taken colour on the colour). `schedules` is given only when the hours tab shows.
   */
  onSave: (values: QueueFormValues, schedules: Schedule[] | undefined) => Promise<void>;
  /** The option tree of the queue edited (the connected modal passes it); shown under the data tab. */
  options?: ReactNode;
  /**
   * The company's AI prompts for the prompt select (its tickets are answered by that prompt); undefined leaves the
   * select out (no useOpenAi in the plan, or not allowed to manage automation) and the queue's prompt as it is.
   */
  prompts?: { id: number; name: string }[];
  /**
   * The company's queue integrations for the integration select (its tickets are answered by it); undefined leaves the
   * select out (no useIntegrations in the plan, or not allowed to manage automation) and the queue's integration as it is.
   */
  integrations?: { id: number; name: string }[];
}

type TabKey = 'data' | 'hours';
const FORM_FIELDS = new Set(['name', 'color', 'orderQueue', 'greetingMessage', 'outOfHoursMessage', 'optionHolidays']);

/**
 * The queue modal (spec administration §2, §5): tab 'Dados da Fila' with name (2-50), colour (3-9, unique), order in
 * the chatbot menu, the greeting (required when the company has more than one queue) and out-of-hours messages, and
 * the queue's chatbot option tree; tab 'Horários de Atendimento' only when scheduleType is 'queue'.
 */
export function QueueModal({ isOpen, onOpenChange, queue, otherQueues, suggestedColor, showHours, onSave, options, prompts, integrations }: QueueModalProps) {
  const t = useT(queuesTexts);
  const tp = useT(promptsTexts);
  const ti = useT(queueIntegrationsTexts);
  const locale = useLocale();
  const colorId = useId();
  const form = useForm<QueueFormValues>({
    defaultValues: {
      ...queueFormValues(queue, suggestedColor),
      promptId: queue?.promptId != null ? String(queue.promptId) : 'none',
      ...(integrations ? { integrationId: queue?.integrationId != null ? String(queue.integrationId) : 'none' } : {}),
    },
  });
  // A new queue's suggested colour follows the company's queues as they load (the modal can open before the list
  // arrives, and the colour offered then may be one a queue already has), until the user picks one.
  useEffect(() => {
    if (!queue && !form.getFieldState('color').isDirty) form.setValue('color', suggestedColor);
  }, [queue, suggestedColor, form]);
  const [schedules, setSchedules] = useState<Schedule[]>(() => queueSchedules(queue));
  const [tab, setTab] = useState<TabKey>('data');
  const [hoursTried, setHoursTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editing = Boolean(queue);

  const submit = async (values: QueueFormValues) => {
    setFailure(null);
    if (showHours && hasScheduleErrors(schedules)) {
      setHoursTried(true);
      setTab('hours');
      return;
    }
    try {
      await onSave(values, showHours ? schedules : undefined);
      onOpenChange(false);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') {
        setTab('data');
        form.setError('color', { type: 'server', message: errorText(locale, err) });
        return;
      }
      if (code === 'ERR_QUEUE_NAME_ALREADY_EXISTS') {
        setTab('data');
        form.setError('name', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
        return;
      }
      if (code === 'ERR_QUEUE_GREETING_REQUIRED' || code === 'ERR_WAPP_GREETING_REQUIRED') {
        setTab('data');
        form.setError('greetingMessage', { type: 'server', message: errorText(locale, err) }, { shouldFocus: true });
        return;
      }
      applyServerErrors(form.setError, err);
      const fields = serverFieldErrors(err);
      if (fields.some(({ field }) => field.startsWith('schedules'))) {
        setHoursTried(true);
        setTab('hours');
      }
      if (
        !fields.every(
          ({ field }) =>
            FORM_FIELDS.has(field) || field.startsWith('schedules') || (field === 'promptId' && prompts) || (field === 'integrationId' && integrations),
        )
      )
        setFailure(errorText(locale, err));
    }
  };

  const fields = (
    <div className="atd-QueueModal-fields">
      <FormTextField<QueueFormValues> name="name" rule={nameRule} label={t('queues.field.name')} isRequired autoFocus autoComplete="off" />
      <Controller
        control={form.control}
        name="color"
        rules={{ validate: (value) => (colorRule(value) === true ? true : t('queues.validation.color')) }}
        render={({ field, fieldState }) => (
          <div className="atd-QueueModal-color" data-invalid={fieldState.error ? true : undefined}>
            <label htmlFor={colorId} className="atd-QueueModal-colorLabel">
              {t('queues.field.color')}
            </label>
            <span className="atd-QueueModal-colorRow">
              <input
                id={colorId}
                ref={field.ref}
                type="color"
                className="atd-QueueModal-colorInput"
                name={field.name}
                value={toInputColor(field.value)}
                aria-describedby={`${colorId}-hint`}
                aria-invalid={fieldState.error ? true : undefined}
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                onBlur={field.onBlur}
              />
              <output htmlFor={colorId} className="atd-QueueModal-colorValue">
                {field.value.toUpperCase()}
              </output>
            </span>
            <span id={`${colorId}-hint`} className="atd-QueueModal-hint">
              {fieldState.error?.message ?? t('queues.field.color.description')}
            </span>
          </div>
        )}
      />
      <FormTextField<QueueFormValues>
        name="orderQueue"
        rule={orderRule}
        label={t('queues.field.orderQueue')}
        description={t('queues.field.orderQueue.description')}
        inputMode="numeric"
      />
      <FormTextArea<QueueFormValues>
        name="greetingMessage"
        rule={greetingRule(otherQueues)}
        label={t('queues.field.greetingMessage')}
        description={otherQueues > 0 ? t('queues.field.greetingMessage.required') : undefined}
        isRequired={otherQueues > 0}
        rows={3}
        className="atd-QueueModal-wide"
      />
      <FormTextArea<QueueFormValues> name="outOfHoursMessage" label={t('queues.field.outOfHoursMessage')} rows={3} className="atd-QueueModal-wide" />
      {prompts && (
        <FormSelect<QueueFormValues>
          name="promptId"
          label={tp('prompts.select.label')}
          items={[{ id: 'none', label: tp('prompts.select.none') }, ...prompts.map((p) => ({ id: String(p.id), label: p.name }))]}
        />
      )}
      {integrations && (
        <FormSelect<QueueFormValues>
          name="integrationId"
          label={ti('queueIntegrations.select.label')}
          items={[{ id: 'none', label: ti('queueIntegrations.select.none') }, ...integrations.map((i) => ({ id: String(i.id), label: i.name }))]}
        />
      )}
      <div className="atd-QueueModal-wide atd-QueueModal-holidays">
        <FormSwitch<QueueFormValues> name="optionHolidays" aria-describedby={`${colorId}-holidays`}>
          {t('queues.field.optionHolidays')}
        </FormSwitch>
        <span id={`${colorId}-holidays`} className="atd-QueueModal-hint">
          {t('queues.field.optionHolidays.description')}
        </span>
      </div>
    </div>
  );

  return (
    <FormDialog
      title={t(editing ? 'queues.modal.edit' : 'queues.modal.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      className="atd-QueueModal"
      form={form}
      onSubmit={submit}
      onInvalid={() => setTab('data')}
      formClassName="atd-QueueModal-form"
      // The options save on their own (each change is one call), so they sit outside the queue's form.
      after={options && (!showHours || tab === 'data') && <div className="atd-QueueModal-options">{options}</div>}
    >
      {failure && (
        <p className="atd-QueueModal-failure" role="alert">
          {failure}
        </p>
      )}
      {showHours ? (
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as TabKey)}>
          <TabList aria-label={t(editing ? 'queues.modal.edit' : 'queues.modal.add')}>
            <Tab id="data">{t('queues.tab.data')}</Tab>
            <Tab id="hours">{t('queues.tab.hours')}</Tab>
          </TabList>
          {/* Both panels stay mounted: a field's value and rule live on while the other tab shows. */}
          <TabPanel id="data" shouldForceMount className="atd-QueueModal-panel">
            {fields}
          </TabPanel>
          <TabPanel id="hours" shouldForceMount className="atd-QueueModal-panel">
            <BusinessHoursEditor value={schedules} onChange={setSchedules} showErrors={hoursTried} />
          </TabPanel>
        </Tabs>
      ) : (
        fields
      )}
    </FormDialog>
  );
}
