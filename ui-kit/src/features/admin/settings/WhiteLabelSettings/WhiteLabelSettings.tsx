import { useId, useState } from 'react';
import { FileTrigger, Radio, RadioGroup } from 'react-aria-components';
import type { Schema } from '../../../../client';
import { useSettings, useUpdateSetting, useUploadLogo } from '../data/settings';
import { useT } from '../../../../i18n';
import { settingsTexts } from '../settings.texts';
import { Button } from '../../../../primitives/Button/Button';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import { TextField } from '../../../../primitives/TextField/TextField';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useWhiteLabel } from '../../../../provider/context';
import { whiteLabelTexts } from '../white-label.texts';
import { toInputColor } from '../../../kanban/TagModal/TagModal';
import { COLOR_PRESETS, presetOf } from './color-presets';

export { COLOR_PRESETS } from './color-presets';

const LOGO_MODES: readonly Schema<'LogoMode'>[] = ['Light', 'Dark', 'Favicon'];
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/x-icon', 'image/vnd.microsoft.icon'];

/**
 * The settings' Whitelabel tab (spec administration §2 'White-label styling'): colour presets and a colour per
 * theme, the app name, logos for the light and dark themes and the favicon, with a preview. Each change is saved
 * on its own (PUT /settings/{key}, POST /settings/logo) and applies at once to the whole console: the provider lays
 * the company's saved values over its public copy.
 */
export function WhiteLabelSettings() {
  const t = useT(settingsTexts);
  const tw = useT(whiteLabelTexts);
  const toast = useToast();
  const brand = useWhiteLabel();
  const settings = useSettings();
  const update = useUpdateSetting();
  const upload = useUploadLogo();
  const [appName, setAppName] = useState<string | null>(null);
  const colorsId = useId();
  const logosId = useId();
  const paletteHintId = useId();

  if (settings.isPending) return <Spinner label={t('settings.tab.whiteLabel')} />;
  const light = brand.primaryColorLight.toUpperCase();
  const dark = brand.primaryColorDark.toUpperCase();
  const current = presetOf(light, dark);

  const save = async (pairs: [key: string, value: string][]) => {
    try {
      for (const [key, value] of pairs) await update.mutateAsync({ key, value });
      toast.success(t('settings.saved'));
    } catch (err) {
      toast.toastError(err);
    }
  };
  const saveName = () => {
    const name = appName?.trim();
    setAppName(null);
    if (name && name !== brand.appName) void save([['appName', name]]);
  };

  return (
    <div className="atd-WhiteLabel">
      <section className="atd-WhiteLabel-section" aria-labelledby={colorsId}>
        <h3 id={colorsId} className="atd-WhiteLabel-title">
          {t('settings.wl.colors')}
        </h3>
        <p className="atd-WhiteLabel-hint">{t('settings.wl.colors.description')}</p>
        <RadioGroup
          className="atd-WhiteLabel-palette"
          aria-label={tw('whiteLabel.palette')}
          aria-describedby={paletteHintId}
          orientation="horizontal"
          value={current?.id ?? null}
          onChange={(id) => {
            const preset = COLOR_PRESETS.find((p) => p.id === id);
            if (preset && preset !== current)
              void save([
                ['primaryColorLight', preset.light],
                ['primaryColorDark', preset.dark],
              ]);
          }}
        >
          {COLOR_PRESETS.map((preset) => {
            const name = tw(`whiteLabel.preset.${preset.id}`);
            return (
              <Radio
                key={preset.id}
                value={preset.id}
                className="atd-WhiteLabel-presetSwatch"
                aria-label={tw('whiteLabel.preset', { name, light: preset.light, dark: preset.dark })}
              >
                <span className="atd-WhiteLabel-presetHalf" style={{ background: preset.light }} aria-hidden="true" />
                <span className="atd-WhiteLabel-presetHalf" style={{ background: preset.dark }} aria-hidden="true" />
                <span className="atd-WhiteLabel-presetName" aria-hidden="true">
                  {name}
                </span>
              </Radio>
            );
          })}
        </RadioGroup>
        <p id={paletteHintId} className="atd-WhiteLabel-hint">
          {tw('whiteLabel.palette.hint', { count: COLOR_PRESETS.length })}
        </p>
        <p className="atd-WhiteLabel-current" aria-live="polite">
          {current ? tw('whiteLabel.current', { name: tw(`whiteLabel.preset.${current.id}`) }) : tw('whiteLabel.custom', { light, dark })}
        </p>
        <div className="atd-WhiteLabel-colors">
          <ColorField label={t('settings.wl.colorLight')} value={light} onCommit={(v) => v !== light && void save([['primaryColorLight', v]])} />
          <ColorField label={t('settings.wl.colorDark')} value={dark} onCommit={(v) => v !== dark && void save([['primaryColorDark', v]])} />
        </div>
      </section>

      <section className="atd-WhiteLabel-section">
        <TextField
          label={t('settings.wl.appName')}
          description={t('settings.wl.appName.description')}
          value={appName ?? brand.appName}
          onChange={setAppName}
          onBlur={saveName}
          onKeyDown={(event) => event.key === 'Enter' && saveName()}
          maxLength={50}
          className="atd-WhiteLabel-name"
        />
      </section>

      <section className="atd-WhiteLabel-section" aria-labelledby={logosId}>
        <h3 id={logosId} className="atd-WhiteLabel-title">
          {t('settings.wl.logos')}
        </h3>
        <p className="atd-WhiteLabel-hint">{t('settings.wl.logos.description')}</p>
        <ul className="atd-WhiteLabel-logos">
          {LOGO_MODES.map((mode) => {
            const url = mode === 'Light' ? brand.logoLight : mode === 'Dark' ? brand.logoDark : brand.favicon;
            const label = t(`settings.wl.logo.${mode}`);
            return (
              <li key={mode} className="atd-WhiteLabel-logo" data-mode={mode}>
                <span className="atd-WhiteLabel-logoLabel">{label}</span>
                <span className="atd-WhiteLabel-logoPreview">
                  {url ? <img src={url} alt={label} /> : <span className="atd-WhiteLabel-hint">{t('settings.wl.logo.none')}</span>}
                </span>
                <FileTrigger
                  acceptedFileTypes={LOGO_TYPES}
                  onSelect={(files) => {
                    const file = files?.[0];
                    if (!file) return;
                    upload.mutate({ file, mode }, { onSuccess: () => toast.success(t('settings.saved')), onError: (err) => toast.toastError(err) });
                  }}
                >
                  <Button
                    variant="secondary"
                    isPending={upload.isPending && upload.variables?.mode === mode}
                    aria-label={`${t(url ? 'settings.wl.logo.replace' : 'settings.wl.logo.upload')}: ${label}`}
                  >
                    {t(url ? 'settings.wl.logo.replace' : 'settings.wl.logo.upload')}
                  </Button>
                </FileTrigger>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="atd-WhiteLabel-section" aria-label={t('settings.wl.preview')}>
        <h3 className="atd-WhiteLabel-title">{t('settings.wl.preview')}</h3>
        <div className="atd-WhiteLabel-previews">
          {(['light', 'dark'] as const).map((mode) => (
            <figure key={mode} className="atd-WhiteLabel-preview" data-theme={mode}>
              <div className="atd-WhiteLabel-previewBar" style={{ background: mode === 'light' ? light : dark }}>
                {(mode === 'light' ? brand.logoLight : brand.logoDark) ? (
                  <img src={mode === 'light' ? brand.logoLight : brand.logoDark} alt="" />
                ) : (
                  <span>{brand.appName}</span>
                )}
              </div>
              <div className="atd-WhiteLabel-previewBody">
                <span className="atd-WhiteLabel-previewButton" style={{ background: mode === 'light' ? light : dark }}>
                  {t('settings.wl.preview.button')}
                </span>
              </div>
              <figcaption>{t(mode === 'light' ? 'settings.wl.preview.light' : 'settings.wl.preview.dark')}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </div>
  );
}

/** A colour: the picker and its hex value; saved when the picker closes (change), not on every drag. */
function ColorField({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="atd-WhiteLabel-color">
      <label htmlFor={id} className="atd-WhiteLabel-colorLabel">
        {label}
      </label>
      <span className="atd-WhiteLabel-colorRow">
        <input
          id={id}
          type="color"
          className="atd-WhiteLabel-colorInput"
          value={toInputColor(draft ?? value)}
          onChange={(event) => setDraft(event.target.value.toUpperCase())}
          onBlur={() => {
            if (draft) onCommit(draft);
            setDraft(null);
          }}
        />
        <output htmlFor={id} className="atd-WhiteLabel-colorValue">
          {draft ?? value}
        </output>
      </span>
    </div>
  );
}
