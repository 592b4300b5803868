import { useId, useState } from 'react';
import { useSettings, useUpdateSetting } from '../data/settings';
import { useT } from '../../../../i18n';
import { settingsTexts } from '../settings.texts';
import { Button } from '../../../../primitives/Button/Button';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import { Tab, TabList, TabPanel, Tabs } from '../../../../primitives/Tabs/Tabs';
import { useToast } from '../../../../primitives/Toast/Toast';
import { useSession } from '../../../../provider/context';
import type { SessionUser } from '../../../../provider/session-store';
import { can } from '../../../../provider/session-rules';
import { Companies } from '../../companies/Companies/Companies';
import { HelpsAdmin } from '../../helps/HelpsAdmin/HelpsAdmin';
import { Holidays } from '../../holidays/Holidays/Holidays';
import { Plans } from '../../plans/Plans/Plans';
import { CompanyHours } from '../CompanyHours/CompanyHours';
import { SettingsOptionsView } from '../SettingsOptionsView/SettingsOptionsView';
import { WhiteLabelSettings } from '../WhiteLabelSettings/WhiteLabelSettings';
import { DISTRIBUTOR_SECTIONS, OPTION_SECTIONS, settingValues } from '../settings-rules';

export type SettingsTab = 'options' | 'hours' | 'companies' | 'plans' | 'helps' | 'holidays' | 'whiteLabel' | 'distributor';

export interface SettingsProps {
  /** The tab shown first (default 'options'); a tab the user may not see falls back to 'options'. */
  defaultTab?: SettingsTab;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /**
   * The Empresas tab's 'Acessar como' succeeded: the session is now the chosen user's (impersonated) and the query
   * cache was reset. The host takes the user to its home page here.
   */
  onImpersonated?: (user: SessionUser) => void;
}

/**
 * The settings page (spec administration §2): tabs Opções (every setting key with its control, each saved on its
 * own with 'Operação atualizada com sucesso.'), Horários (the company's hours, only when scheduleType is
 * 'company'), Empresas, Planos and Ajuda (super users: the companies, the plans, the help videos), Feriados, Whitelabel (with the plan's whiteLabel) and
 * Distribuidor de Tickets. Live: a setting changed
 * elsewhere updates the controls (the `settings` event).
 */
export function Settings({ defaultTab = 'options', headingLevel = 2, onImpersonated }: SettingsProps) {
  const t = useT(settingsTexts);
  const toast = useToast();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const { user } = useSession();
  const settings = useSettings();
  const update = useUpdateSetting();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const values = settingValues(settings.data);
  const canWrite = can(user ?? undefined, 'settings:write');

  const tabs: { id: SettingsTab; label: string }[] = [
    { id: 'options', label: t('settings.tab.options') },
    ...(values.scheduleType === 'company' ? [{ id: 'hours' as const, label: t('settings.tab.hours') }] : []),
    ...(can(user ?? undefined, 'companies:manage') ? [{ id: 'companies' as const, label: t('settings.tab.companies') }] : []),
    ...(can(user ?? undefined, 'plans:manage') ? [{ id: 'plans' as const, label: t('settings.tab.plans') }] : []),
    ...(can(user ?? undefined, 'helps:manage') ? [{ id: 'helps' as const, label: t('settings.tab.helps') }] : []),
    ...(can(user ?? undefined, 'holidays:manage') ? [{ id: 'holidays' as const, label: t('settings.tab.holidays') }] : []),
    // The plan's whiteLabel feature: the API refuses the keys without it.
    ...(user?.features.whiteLabel && canWrite ? [{ id: 'whiteLabel' as const, label: t('settings.tab.whiteLabel') }] : []),
    { id: 'distributor', label: t('settings.tab.distributor') },
  ];
  const [tab, setTab] = useState<SettingsTab>(defaultTab);
  const selected = tabs.some((x) => x.id === tab) ? tab : 'options';

  const change = async (key: string, value: string) => {
    setPending((keys) => new Set(keys).add(key));
    try {
      await update.mutateAsync({ key, value });
      toast.success(t('settings.saved'));
    } catch (err) {
      toast.toastError(err);
      throw err;
    } finally {
      setPending((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  };

  const options = (sections: typeof OPTION_SECTIONS) =>
    settings.isPending ? (
      <Spinner label={t('settings.title')} />
    ) : settings.isError ? (
      <p role="alert" className="atd-Settings-error">
        {t('settings.loadError')}{' '}
        <Button variant="secondary" onPress={() => void settings.refetch()}>
          {t('action.retry')}
        </Button>
      </p>
    ) : (
      <SettingsOptionsView sections={sections} values={values} onChange={change} pendingKeys={pending} isReadOnly={!canWrite} />
    );

  return (
    <section className="atd-Settings" aria-labelledby={titleId}>
      <Heading id={titleId} className="atd-Settings-title">
        {t('settings.title')}
      </Heading>
      <Tabs selectedKey={selected} onSelectionChange={(key) => setTab(key as SettingsTab)} className="atd-Settings-tabs">
        <TabList aria-label={t('settings.tabs')} className="atd-Settings-tabList">
          {tabs.map((x) => (
            <Tab key={x.id} id={x.id}>
              {x.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="options" className="atd-Settings-panel">
          {options(OPTION_SECTIONS)}
        </TabPanel>
        {values.scheduleType === 'company' && user && (
          <TabPanel id="hours" className="atd-Settings-panel">
            <CompanyHours companyId={user.companyId} isReadOnly={!canWrite} />
          </TabPanel>
        )}
        <TabPanel id="companies" className="atd-Settings-panel">
          <Companies headingLevel={3} onImpersonated={onImpersonated} />
        </TabPanel>
        <TabPanel id="plans" className="atd-Settings-panel">
          <Plans headingLevel={3} />
        </TabPanel>
        <TabPanel id="helps" className="atd-Settings-panel">
          <HelpsAdmin headingLevel={3} />
        </TabPanel>
        <TabPanel id="holidays" className="atd-Settings-panel">
          <Holidays headingLevel={3} />
        </TabPanel>
        <TabPanel id="whiteLabel" className="atd-Settings-panel">
          <WhiteLabelSettings />
        </TabPanel>
        <TabPanel id="distributor" className="atd-Settings-panel">
          {options(DISTRIBUTOR_SECTIONS)}
        </TabPanel>
      </Tabs>
    </section>
  );
}
