import { useId, useState, type FormEvent } from 'react';
import { GREATER_INTERVAL_OPTIONS, LONGER_INTERVAL_AFTER_OPTIONS, MESSAGE_INTERVAL_OPTIONS, VARIABLES_MAX } from '../data/campaign-settings';
import { useT } from '../../../i18n';
import { campaignSettingsTexts } from '../campaign-settings.texts';
import { Button } from '../../../primitives/Button/Button';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { LoadFailed } from '../../../primitives/EmptyState/LoadFailed';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { Select } from '../../../primitives/Select/Select';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { TextField } from '../../../primitives/TextField/TextField';
import { sameSettings, secondsLabel, sendsLabel, variableProblem, type CampaignSettings } from '../campaign-settings-rules';

export interface CampaignSettingsViewProps {
  /** The saved settings (defaults filled in); undefined while loading. */
  settings: CampaignSettings | undefined;
  isLoading?: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** Save: resolve when saved (the page toasts 'Configurações salvas'); reject to keep the changes on screen. */
  onSave: (settings: CampaignSettings) => Promise<void>;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

type IntervalField = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

/** The form, mounted once the saved settings are known (its draft starts from them). */
function SettingsForm({
  settings,
  onSave,
  headingLevel,
}: {
  settings: CampaignSettings;
  onSave: (s: CampaignSettings) => Promise<void>;
  headingLevel: 2 | 3 | 4;
}) {
  const t = useT(campaignSettingsTexts);
  const Heading = `h${headingLevel}` as const;
  const intervalsId = useId();
  const variablesId = useId();
  const [draft, setDraft] = useState<CampaignSettings>(settings);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<{ message: string; field: 'key' | 'value' } | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !sameSettings(draft, settings);
  const full = draft.variables.length >= VARIABLES_MAX;

  const select = (field: IntervalField, options: readonly number[], label: (n: number) => string) => (
    <Select
      label={t(`campaignSettings.${field}`)}
      description={t(`campaignSettings.${field}.description`)}
      items={options.map((n) => ({ id: n, label: label(n) }))}
      selectedKey={draft[field]}
      onSelectionChange={(picked) => picked !== null && setDraft((d) => ({ ...d, [field]: Number(picked) }))}
      className="atd-CampaignSettings-select"
    />
  );

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmedKey = key.trim();
    const found = variableProblem(draft.variables, trimmedKey, value);
    if (found) {
      setProblem({ message: t(found, { key: trimmedKey }), field: found === 'campaignSettings.variable.valueTooLong' ? 'value' : 'key' });
      return;
    }
    setProblem(null);
    setDraft((d) => ({ ...d, variables: [...d.variables, { key: trimmedKey, value }] }));
    setKey('');
    setValue('');
  };

  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft);
    } catch {
      // the page says why; the changes stay
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <section className="atd-CampaignSettings-card" aria-labelledby={intervalsId}>
        <Heading id={intervalsId} className="atd-CampaignSettings-cardTitle">
          {t('campaignSettings.intervals')}
        </Heading>
        <p className="atd-CampaignSettings-hint">{t('campaignSettings.intervals.description')}</p>
        <div className="atd-CampaignSettings-selects">
          {select('messageInterval', MESSAGE_INTERVAL_OPTIONS, (n) => secondsLabel(t, n))}
          {select('longerIntervalAfter', LONGER_INTERVAL_AFTER_OPTIONS, (n) => sendsLabel(t, n))}
          {select('greaterInterval', GREATER_INTERVAL_OPTIONS, (n) => secondsLabel(t, n))}
        </div>
      </section>

      <section className="atd-CampaignSettings-card" aria-labelledby={variablesId}>
        <Heading id={variablesId} className="atd-CampaignSettings-cardTitle">
          {t('campaignSettings.variables')}
        </Heading>
        <p className="atd-CampaignSettings-hint">{t('campaignSettings.variables.description')}</p>
        <form className="atd-CampaignSettings-add" onSubmit={add} noValidate aria-label={t('campaignSettings.variable.add')}>
          <TextField
            label={t('campaignSettings.variable.key')}
            value={key}
            onChange={(text) => {
              setKey(text);
              if (problem) setProblem(null);
            }}
            maxLength={30}
            isInvalid={problem?.field === 'key'}
            errorMessage={problem?.field === 'key' ? problem.message : undefined}
            validationBehavior="aria"
            className="atd-CampaignSettings-key"
          />
          <TextField
            label={t('campaignSettings.variable.value')}
            value={value}
            onChange={(text) => {
              setValue(text);
              if (problem) setProblem(null);
            }}
            isInvalid={problem?.field === 'value'}
            errorMessage={problem?.field === 'value' ? problem.message : undefined}
            validationBehavior="aria"
            className="atd-CampaignSettings-value"
          />
          <Button type="submit" variant="secondary" isDisabled={full} className="atd-CampaignSettings-addButton">
            <Icon name="add" />
            {t('campaignSettings.variable.add')}
          </Button>
        </form>
        {full && <p className="atd-CampaignSettings-hint">{t('campaignSettings.variable.max', { max: VARIABLES_MAX })}</p>}
        {draft.variables.length === 0 ? (
          <p className="atd-CampaignSettings-empty">{t('campaignSettings.variables.empty')}</p>
        ) : (
          <table className="atd-CampaignSettings-variables" aria-label={t('campaignSettings.variables.table')}>
            <thead>
              <tr>
                <th scope="col">{t('campaignSettings.variable.key')}</th>
                <th scope="col">{t('campaignSettings.variable.value')}</th>
                <th scope="col" className="atd-CampaignSettings-actionsHeader">
                  {t('campaignSettings.variable.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.variables.map((v) => (
                <tr key={v.key}>
                  <th scope="row">
                    <code className="atd-CampaignSettings-varKey">{`{${v.key}}`}</code>
                  </th>
                  <td className="atd-CampaignSettings-varValue">{v.value}</td>
                  <td className="atd-CampaignSettings-actions">
                    <IconButton
                      icon="delete"
                      size="sm"
                      variant="danger"
                      aria-label={t('campaignSettings.variable.remove', { key: v.key })}
                      onPress={() => setDraft((d) => ({ ...d, variables: d.variables.filter((x) => x.key !== v.key) }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <div className="atd-CampaignSettings-footer">
        {dirty && (
          <span className="atd-CampaignSettings-unsaved" role="status">
            {t('campaignSettings.unsaved')}
          </span>
        )}
        <Button onPress={() => void save()} isPending={saving}>
          {t('campaignSettings.save')}
        </Button>
      </div>
    </>
  );
}

/**
 * Spec back-office §2, §5, §9 (Campaign settings page): the three sending intervals, each a choice among the spec's
 * options with readable labels ('Não pausar' for 0 sends), and the variables (key and value) that can be added —
 * a key already present is not added, and the page says why — and removed. 'Salvar' saves everything at once.
 */
export function CampaignSettingsView({ settings, isLoading = false, isError = false, onReload, onSave, headingLevel = 2 }: CampaignSettingsViewProps) {
  const t = useT(campaignSettingsTexts);
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const inner = (headingLevel + 1) as 2 | 3 | 4;
  return (
    <section className="atd-CampaignSettings" aria-labelledby={titleId}>
      <Heading id={titleId} className="atd-CampaignSettings-title">
        {t('campaignSettings.title')}
      </Heading>
      {settings ? (
        // A new saved copy (another tab, a save) starts the form again from it.
        <SettingsForm key={JSON.stringify(settings)} settings={settings} onSave={onSave} headingLevel={inner} />
      ) : isError ? (
        <LoadFailed title={t('campaignSettings.loadError')} onRetry={onReload} />
      ) : isLoading ? (
        <div className="atd-CampaignSettings-loading" role="status">
          <Spinner label={t('campaignSettings.loading')} />
        </div>
      ) : (
        <EmptyState icon="info" title={t('campaignSettings.loadError')} />
      )}
    </section>
  );
}
