import { useState, type FormEvent } from 'react';
import type { Key } from 'react-aria-components';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n/locale-context';
import { Button } from '../../../primitives/Button/Button';
import { Select, SelectItem } from '../../../primitives/Select/Select';
import { TextField } from '../../../primitives/TextField/TextField';
import { useToast } from '../../../primitives/Toast/Toast';
import { renderTemplateText, useApprovedTemplates, useSendTemplate, type MessageTemplate, type SendTemplateBody } from '../data/official';
import { windowTexts } from '../window.texts';

export interface TemplateComposerViewProps {
  /** The connection's approved templates; undefined while they load. */
  templates: readonly MessageTemplate[] | undefined;
  /** The platform's placeholders ({{name}}, ...) filled for the preview; the API fills them again when it sends. */
  fillVariables?: (text: string) => string;
  /** Sends the chosen template; reject to keep the choice and the values. */
  onSend: (body: SendTemplateBody) => Promise<unknown>;
}

const keyOf = (t: Pick<MessageTemplate, 'name' | 'language'>) => `${t.name}|${t.language}`;
/** The first variable starts as the contact's name: what most templates greet with. */
const initialValues = (count: number) => Array.from({ length: count }, (_, i) => (i === 0 ? '{{name}}' : ''));

/**
 * The composer outside the customer's 24-hour window on an official connection: a picker of the connection's
 * approved templates, the chosen one's text as it will read, one field per variable (the first with {{name}}),
 * and Send. A form: Enter in a field sends.
 */
export function TemplateComposerView({ templates, fillVariables = (text) => text, onSend }: TemplateComposerViewProps) {
  const t = useT(windowTexts);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const chosen = templates?.find((x) => keyOf(x) === chosenKey) ?? null;

  const choose = (key: Key | null) => {
    const next = templates?.find((x) => keyOf(x) === key) ?? null;
    setChosenKey(next ? keyOf(next) : null);
    setValues(initialValues(next?.params ?? 0));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sending) return;
    setSending(true);
    try {
      await onSend({ name: chosen.name, language: chosen.language, params: values.map((v) => v.trim()) });
      setValues(initialValues(chosen.params));
    } catch {
      // Kept for another try; the caller told what failed.
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="atd-TemplateComposer" aria-labelledby="atd-TemplateComposer-title" onSubmit={(e) => void submit(e)}>
      <p className="atd-TemplateComposer-title" id="atd-TemplateComposer-title">
        {t('official.template.title')}
      </p>
      <p className="atd-TemplateComposer-intro">{t('official.template.intro')}</p>
      {templates === undefined ? (
        <p className="atd-TemplateComposer-note">{t('official.template.loading')}</p>
      ) : templates.length === 0 ? (
        <p className="atd-TemplateComposer-note">{t('official.template.none')}</p>
      ) : (
        <>
          <Select
            label={t('official.template.pick')}
            placeholder={t('official.template.pickPlaceholder')}
            selectedKey={chosenKey}
            onSelectionChange={choose}
            className="atd-TemplateComposer-pick"
          >
            {templates.map((x) => (
              <SelectItem key={keyOf(x)} id={keyOf(x)} textValue={`${x.name} (${x.language})`}>
                {`${x.name} (${x.language})`}
              </SelectItem>
            ))}
          </Select>
          {chosen && (
            <>
              <div className="atd-TemplateComposer-preview">
                <span className="atd-TemplateComposer-previewLabel">{t('official.template.preview')}</span>
                {chosen.header && <strong>{chosen.header}</strong>}
                <p>{renderTemplateText(chosen.body, values.map(fillVariables))}</p>
                {chosen.footer && <small>{chosen.footer}</small>}
              </div>
              {values.length > 0 && (
                <div className="atd-TemplateComposer-values">
                  {values.map((value, i) => (
                    <TextField
                      key={`${keyOf(chosen)}-${i}`}
                      label={t('official.template.variable', { n: i + 1 })}
                      description={i === 0 ? t('official.template.variableHint') : undefined}
                      value={value}
                      onChange={(v) => setValues((all) => all.map((old, j) => (j === i ? v : old)))}
                      isRequired
                    />
                  ))}
                </div>
              )}
            </>
          )}
          <div className="atd-TemplateComposer-actions">
            <Button type="submit" isDisabled={!chosen || sending || values.some((v) => !v.trim())}>
              {sending ? t('official.template.sending') : t('official.template.send')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

export interface TemplateComposerProps {
  ticket: Schema<'TicketDto'>;
  fillVariables?: (text: string) => string;
  onSent?: () => void;
}

/** The template composer of a ticket: its connection's approved templates, sent by POST /messages/{ticketId}/template. */
export function TemplateComposer({ ticket, fillVariables, onSent }: TemplateComposerProps) {
  const toast = useToast();
  const templates = useApprovedTemplates(ticket.whatsappId ?? 0, { enabled: ticket.whatsappId != null });
  const send = useSendTemplate(ticket.id);
  return (
    <TemplateComposerView
      templates={templates.data ?? (templates.isError ? [] : undefined)}
      fillVariables={fillVariables}
      onSend={async (body) => {
        try {
          await send.mutateAsync(body);
        } catch (err) {
          toast.toastError(err);
          throw err;
        }
        onSent?.();
      }}
    />
  );
}
