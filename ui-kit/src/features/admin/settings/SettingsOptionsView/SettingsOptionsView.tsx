import { useId, useState } from 'react';
import { useT } from '../../../../i18n';
import { settingsTexts } from '../settings.texts';
import { PasswordField } from '../../../../primitives/PasswordField/PasswordField';
import { Select } from '../../../../primitives/Select/Select';
import { Switch } from '../../../../primitives/Switch/Switch';
import { TextField } from '../../../../primitives/TextField/TextField';
import { descriptionKey, labelKey, validNumber, valueKey, type SettingField, type SettingSection } from '../settings-rules';

export interface SettingsOptionsViewProps {
  sections: readonly SettingSection[];
  /** Every key's current value (`settingValues`). */
  values: Record<string, string>;
  /** Saves one key (PUT /settings/{key}); reject to put the field back. Switches and selects save at once, text on leaving the field. */
  onChange: (key: string, value: string) => Promise<void>;
  /** Keys whose save is on its way: their control is disabled meanwhile. */
  pendingKeys?: ReadonlySet<string>;
  /** Without settings:write everything is read-only. */
  isReadOnly?: boolean;
}

/**
 * Setting keys grouped in sections, each with its control (spec administration §3's keys): switches for the
 * enabled/disabled keys, selects for the keys with a list of values, number and text fields (secrets masked) that
 * save when the field is left. Each change is saved on its own; nothing waits for a 'save' button.
 */
export function SettingsOptionsView({ sections, values, onChange, pendingKeys, isReadOnly = false }: SettingsOptionsViewProps) {
  const t = useT(settingsTexts);
  return (
    <div className="atd-SettingsOptions">
      {sections.map((section) => (
        <Section key={section.id} title={t(`settings.section.${section.id}`)}>
          {section.fields.map((field) => (
            <FieldRow
              key={field.key}
              field={field}
              value={values[field.key] ?? ''}
              onChange={onChange}
              isDisabled={isReadOnly || (pendingKeys?.has(field.key) ?? false)}
            />
          ))}
        </Section>
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="atd-SettingsOptions-section" aria-labelledby={id}>
      <h3 id={id} className="atd-SettingsOptions-sectionTitle">
        {title}
      </h3>
      <div className="atd-SettingsOptions-fields">{children}</div>
    </section>
  );
}

function FieldRow({
  field,
  value,
  onChange,
  isDisabled,
}: {
  field: SettingField;
  value: string;
  onChange: (key: string, value: string) => Promise<void>;
  isDisabled: boolean;
}) {
  const t = useT(settingsTexts);
  const label = t(labelKey(field.key));
  const description = t(descriptionKey(field.key));
  const { control } = field;
  const save = (next: string) => void onChange(field.key, next).catch(() => undefined);

  if (control.kind === 'switch') {
    const on = value === 'enabled';
    return (
      <div className="atd-SettingsOptions-row">
        <Switch isSelected={on} onChange={(selected) => save(selected ? 'enabled' : 'disabled')} isDisabled={isDisabled} className="atd-SettingsOptions-switch">
          <span className="atd-SettingsOptions-label">{label}</span>
        </Switch>
        <span className="atd-SettingsOptions-state" aria-hidden="true">
          {t(on ? 'settings.enabled' : 'settings.disabled')}
        </span>
        {description && <p className="atd-SettingsOptions-description">{description}</p>}
      </div>
    );
  }
  if (control.kind === 'select') {
    return (
      <div className="atd-SettingsOptions-row">
        <Select
          label={label}
          description={description}
          items={control.values.map((v) => ({ id: v, label: t(valueKey(field.key, v)) }))}
          selectedKey={value}
          onSelectionChange={(key) => key !== null && String(key) !== value && save(String(key))}
          isDisabled={isDisabled || control.values.length < 2}
          className="atd-SettingsOptions-select"
        />
      </div>
    );
  }
  return <TextRow field={field} control={control} value={value} label={label} description={description} isDisabled={isDisabled} onSave={save} />;
}

/** A text or number field: edited locally, saved when left (or on Enter) if it changed and is valid. */
function TextRow({
  field,
  control,
  value,
  label,
  description,
  isDisabled,
  onSave,
}: {
  field: SettingField;
  control: Exclude<SettingField['control'], { kind: 'switch' } | { kind: 'select' }>;
  value: string;
  label: string;
  description?: string;
  isDisabled: boolean;
  onSave: (value: string) => void;
}) {
  const t = useT(settingsTexts);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  const invalid = control.kind === 'number' && !validNumber(text, control);
  const commit = () => {
    if (draft === null || draft === value || invalid) return;
    onSave(draft.trim());
    setDraft(null);
  };
  const common = {
    label,
    description,
    value: text,
    onChange: setDraft,
    onBlur: commit,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') commit();
    },
    isDisabled,
    isInvalid: invalid,
    errorMessage: invalid ? t('settings.number.invalid') : undefined,
    className: 'atd-SettingsOptions-text',
    name: field.key,
  };
  if (control.kind === 'text' && control.secret) return <PasswordField {...common} autoComplete="off" />;
  return <TextField {...common} inputMode={control.kind === 'number' ? 'numeric' : undefined} autoComplete="off" />;
}
