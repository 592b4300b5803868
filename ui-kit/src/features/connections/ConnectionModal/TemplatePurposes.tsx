import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormSelect, FormTextField } from '../../../forms/Form';
import { required } from '../../../forms/validators';
import { errorText, useLocale, useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { connectionsTexts } from '../connections.texts';
import { ConnectionsIcon } from '../connections-icons';
import type { ConnectionFormValues } from '../connection-rules';
import { NO_TEMPLATE, TEMPLATE_PURPOSES, templateKey, type MessageTemplate, type TemplatePurpose } from '../official-rules';
import { Section } from './Section';

export interface TemplatePurposesProps {
  /** The connection's synced templates (every status); undefined while they load. */
  templates: MessageTemplate[] | undefined;
  /** POST /whatsapp/{id}/templates/sync: resolves with how many templates came; rejects with the API's error. */
  onSync: () => Promise<number>;
}

/**
 * An official connection's templates: 'Sincronizar modelos' (from the business account), the approved ones, and for
 * each automatic message (greeting, closing, rating, out of hours, transfer, inactivity, schedules, campaigns) a
 * select of the approved templates with one input per variable of the chosen one ({{name}} and the like are filled
 * from the contact and the ticket when sent).
 */
export function TemplatePurposes({ templates, onSync }: TemplatePurposesProps) {
  const t = useT(connectionsTexts);
  const locale = useLocale();
  const listId = useId();
  const [sync, setSync] = useState<{ state: 'idle' | 'running' } | { state: 'done'; count: number } | { state: 'failed'; message: string }>({
    state: 'idle',
  });
  const approved = (templates ?? []).filter((template) => template.status === 'APPROVED');
  const items = [
    { id: NO_TEMPLATE, label: t('connections.purpose.none') },
    ...approved.map((template) => ({ id: templateKey(template), label: `${template.name} (${template.language})` })),
  ];

  const runSync = async () => {
    setSync({ state: 'running' });
    try {
      setSync({ state: 'done', count: await onSync() });
    } catch (err) {
      setSync({ state: 'failed', message: errorText(locale, err) });
    }
  };

  return (
    <Section title={t('connections.section.templates')}>
      <p className="atd-ConnectionModal-hint">{t('connections.templates.description')}</p>
      <div className="atd-ConnectionModal-sync">
        <Button variant="secondary" isPending={sync.state === 'running'} onPress={() => void runSync()}>
          <ConnectionsIcon name="refresh" />
          {t('connections.templates.sync')}
        </Button>
        <span role="status" className="atd-ConnectionModal-hint">
          {sync.state === 'done' && t('connections.templates.synced', { count: sync.count })}
        </span>
        {sync.state === 'failed' && (
          <span role="alert" className="atd-ConnectionModal-error">
            {sync.message}
          </span>
        )}
      </div>
      {templates === undefined ? (
        <Spinner size="sm" label={t('connections.templates.loading')} showLabel />
      ) : approved.length === 0 ? (
        <p className="atd-ConnectionModal-hint">{t('connections.templates.none')}</p>
      ) : (
        <>
          <h4 id={listId} className="atd-ConnectionModal-subTitle">
            {t('connections.templates.approved')}
          </h4>
          {/* A scrolling list: focusable, so a keyboard scrolls it too (axe: scrollable-region-focusable). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <ul className="atd-ConnectionModal-templates" aria-labelledby={listId} tabIndex={0}>
            {approved.map((template) => (
              <li key={templateKey(template)} className="atd-ConnectionModal-template">
                <span className="atd-ConnectionModal-templateName">
                  <code>{template.name}</code> <span className="atd-ConnectionModal-templateMeta">{`${template.language} · ${template.category}`}</span>
                </span>
                <span className="atd-ConnectionModal-templateBody">{template.body}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="atd-ConnectionModal-hint">{t('connections.purpose.paramHint')}</p>
      <div className="atd-ConnectionModal-purposes">
        {TEMPLATE_PURPOSES.map((purpose) => (
          <PurposeField key={purpose} purpose={purpose} items={items} templates={approved} />
        ))}
      </div>
    </Section>
  );
}

const requiredParam = required();

/** One automatic message: its template and an input per variable of that template. */
function PurposeField({ purpose, items, templates }: { purpose: TemplatePurpose; items: { id: string; label: string }[]; templates: MessageTemplate[] }) {
  const t = useT(connectionsTexts);
  const { control } = useFormContext<ConnectionFormValues>();
  const chosen = useWatch({ control, name: `templatePurposes.${purpose}.template` });
  const template = templates.find((candidate) => templateKey(candidate) === chosen);
  const label = t(`connections.purpose.${purpose}`);
  // A stored choice the synced list no longer holds still shows (the API says whether it can stay).
  const options = chosen && !items.some((item) => item.id === chosen) ? [...items, { id: chosen, label: chosen.replace('|', ' (') + ')' }] : items;
  return (
    <div className="atd-ConnectionModal-purpose">
      <FormSelect<ConnectionFormValues>
        name={`templatePurposes.${purpose}.template`}
        label={label}
        items={options}
        description={template ? template.body : undefined}
      />
      {template &&
        Array.from({ length: template.params }, (_, i) => (
          <FormTextField<ConnectionFormValues>
            key={`${chosen}-${i}`}
            name={`templatePurposes.${purpose}.params.${i}`}
            label={t('connections.purpose.param', { purpose: label, index: i + 1 })}
            rule={requiredParam}
            isRequired
          />
        ))}
    </div>
  );
}
