import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtendeRoot } from '../theme/AtendeRoot';
import { connectionsTexts } from '../features/connections/connections.texts';
import { messagesApiTexts } from '../features/messages-api/messages-api.texts';
import { usersTexts } from '../features/admin/users/users.texts';
import { queuesTexts } from './queues';
import { settingsTexts } from '../features/admin/settings/settings.texts';
import { plansTexts } from '../features/admin/plans/plans.texts';
import { companiesTexts } from '../features/admin/companies/companies.texts';
import { helpsTexts } from '../features/admin/helps/helps.texts';
import { holidaysTexts } from '../features/admin/holidays/holidays.texts';
import { schedulesTexts } from '../features/schedules/schedules.texts';
import { fileListsTexts } from '../features/campaigns/file-lists.texts';
import { promptsTexts } from '../features/prompts/prompts.texts';
import { announcementsTexts } from '../features/announcements/announcements.texts';
import { announcementsBellTexts } from '../features/announcements/announcements-bell.texts';
import { queueIntegrationsTexts } from '../features/queue-integrations/queue-integrations.texts';
import { contactListsTexts } from '../features/campaigns/contact-lists.texts';
import { campaignSettingsTexts } from '../features/campaigns/campaign-settings.texts';
import { campaignsTexts } from '../features/campaigns/campaigns.texts';
import { billingTexts } from '../features/billing/billing.texts';
import { internalChatTexts } from '../features/internal-chat/internal-chat.texts';
import { chatsBellTexts } from '../features/internal-chat/chats-bell.texts';
import { tasksTexts } from '../features/tasks/tasks.texts';
import { tasksBellTexts } from '../features/tasks/tasks-bell.texts';
import { attendantToolsTexts } from '../features/chat/attendant-tools.texts';
import { everydayTexts } from './everyday-texts';
import { embedSessionTexts } from './embed-session-texts';
import { en } from './en';
import { es } from './es';
import { isLocaleLoaded, loadLocale, pt, resolveLocale, translate, translateError, useT, type FeatureTexts } from './index';
import { unloadLocaleForTests } from './translate';

function SaveLabel() {
  const t = useT();
  return <span>{t('action.save')}</span>;
}

describe('translate', () => {
  it('answers each locale from its own table', () => {
    expect(translate('pt', 'action.save')).toBe('Salvar');
    expect(translate('en', 'action.save')).toBe('Save');
    expect(translate('es', 'action.save')).toBe('Guardar');
  });

  it('fills {placeholders} and leaves unknown ones visible', () => {
    expect(translate('pt', 'validation.minLength', { count: 8 })).toBe('Use pelo menos 8 caracteres');
    expect(translate('en', 'validation.minLength', {})).toBe('Use at least {count} characters');
  });

  it('gives the Portuguese texts of the API error codes', () => {
    expect(translate('pt', 'ERR_INVALID_CREDENTIALS')).toBe('Erro de autenticação. Por favor, tente novamente.');
    expect(translateError('pt', 'ERR_NO_PERMISSION')).toBe('Você não tem permissão para acessar este recurso.');
    expect(translateError('pt', 'ERR_SESSION_EXPIRED')).toBe('Sessão expirada. Por favor entre.');
    expect(translateError('en', 'ERR_SESSION_EXPIRED')).toBe('Session expired. Please log in.');
  });

  it('turns unknown or missing error codes into the generic message, never the code', () => {
    expect(translateError('pt', 'ERR_SOMETHING_NEW')).toBe('Algo deu errado. Tente novamente.');
    expect(translateError('es', undefined)).toBe(es['error.generic']);
    expect(translateError('pt', 'action.save')).toBe(pt['error.generic']);
  });

  it('resolves browser language tags and falls back to pt', () => {
    expect(resolveLocale('en-US')).toBe('en');
    expect(resolveLocale('es_AR')).toBe('es');
    expect(resolveLocale('pt-BR')).toBe('pt');
    expect(resolveLocale('fr-FR')).toBe('pt');
    expect(resolveLocale(undefined)).toBe('pt');
  });

  it('keeps en and es complete and non-empty for every pt key, and for the keys of the tables they carry', () => {
    const carried = Object.values(CARRIED_TABLES).flatMap((texts) => Object.keys(texts.pt));
    expect(carried.length).toBeGreaterThan(20);
    const keys = [...Object.keys(pt), ...carried] as (keyof typeof en)[];
    for (const table of [en, es]) {
      expect(Object.keys(table).sort()).toEqual([...keys].sort());
      expect(keys.filter((k) => table[k].trim() === '')).toEqual([]);
    }
  });

  it('carries feature tables (definePtTexts) whose keys are neither core keys nor another table’s', () => {
    const seen = new Set(Object.keys(pt));
    for (const [name, texts] of Object.entries({ ...CARRIED_TABLES, ...FEATURE_TABLES })) {
      const keys = Object.keys(texts.pt);
      expect(
        keys.filter((k) => seen.has(k)),
        name,
      ).toEqual([]);
      for (const k of keys) seen.add(k);
    }
  });

  it('finds a carried table’s texts in each locale once its component registered it', () => {
    function Presence() {
      const t = useT(attendantToolsTexts);
      return <span>{t('presence.composing')}</span>;
    }
    render(
      <AtendeRoot locale="es">
        <Presence />
      </AtendeRoot>,
    );
    expect(screen.getByText('escribiendo…')).toBeInTheDocument();
    expect(translate('en', 'presence.composing')).toBe('typing…');
    expect(translate('pt', 'presence.composing')).toBe('digitando…');
  });
});

/** The feature tables whose en and es texts travel in the core en and es tables (./feature-texts.ts: definePtTexts). */
const CARRIED_TABLES: Record<string, FeatureTexts> = {
  attendantTools: attendantToolsTexts,
  everyday: everydayTexts,
  embedSession: embedSessionTexts,
};

/** Every feature's own table (./feature-texts.ts): a new one is added here. */
const FEATURE_TABLES: Record<string, FeatureTexts> = {
  connections: connectionsTexts,
  messagesApi: messagesApiTexts,
  queues: queuesTexts,
  settings: settingsTexts,
  plans: plansTexts,
  companies: companiesTexts,
  users: usersTexts,
  helps: helpsTexts,
  holidays: holidaysTexts,
  schedules: schedulesTexts,
  fileLists: fileListsTexts,
  prompts: promptsTexts,
  announcements: announcementsTexts,
  announcementsBell: announcementsBellTexts,
  queueIntegrations: queueIntegrationsTexts,
  contactLists: contactListsTexts,
  campaignSettings: campaignSettingsTexts,
  campaigns: campaignsTexts,
  billing: billingTexts,
  internalChat: internalChatTexts,
  chatsBell: chatsBellTexts,
  tasks: tasksTexts,
  tasksBell: tasksBellTexts,
};

describe("features' own tables", () => {
  it.each(Object.entries(FEATURE_TABLES))('%s: en and es complete and non-empty, no key shared with the core or another feature', (name, texts) => {
    const keys = Object.keys(texts.pt).sort();
    expect(keys.length).toBeGreaterThan(0);
    for (const table of [texts.en, texts.es]) {
      expect(table, 'defineTexts: en and es beside pt').toBeDefined();
      if (!table) continue;
      expect(Object.keys(table).sort()).toEqual(keys);
      expect(keys.filter((k) => table[k].trim() === '')).toEqual([]);
    }
    expect(keys.filter((k) => Object.prototype.hasOwnProperty.call(pt, k))).toEqual([]);
    for (const [other, table] of Object.entries(FEATURE_TABLES)) {
      if (other !== name) expect(keys.filter((k) => Object.prototype.hasOwnProperty.call(table.pt, k))).toEqual([]);
    }
  });

  it('a feature key is found once its component registered the table, in each locale with pt as the fallback', () => {
    function Title() {
      const t = useT(connectionsTexts);
      return <span>{t('connections.title')}</span>;
    }
    render(
      <AtendeRoot locale="es">
        <Title />
      </AtendeRoot>,
    );
    expect(screen.getByText('Conexiones')).toBeInTheDocument();
    expect(translate('en', 'connections.title')).toBe('Connections');
  });
});

describe('useT', () => {
  it('uses pt outside a kit root', () => {
    render(<SaveLabel />);
    expect(screen.getByText('Salvar')).toBeInTheDocument();
  });

  it('follows the locale of the nearest kit root', () => {
    render(
      <AtendeRoot locale="es">
        <SaveLabel />
      </AtendeRoot>,
    );
    expect(screen.getByText('Guardar')).toBeInTheDocument();
  });
});

describe('loading a locale (only the shown language is downloaded)', () => {
  // The test setup loads en and es up front; these tests forget one to render a root before its table is here.
  afterEach(() => Promise.all([loadLocale('en'), loadLocale('es')]));

  it('renders no texts until the locale’s table has loaded, then renders them in that locale', async () => {
    unloadLocaleForTests('en');
    expect(isLocaleLoaded('en')).toBe(false);
    expect(translate('en', 'action.save')).toBe('Salvar'); // not loaded: the pt fallback, which a root must not show
    const { container } = render(
      <AtendeRoot locale="en">
        <SaveLabel />
      </AtendeRoot>,
    );
    const root = container.querySelector('.atd-root');
    expect(root).toHaveAttribute('aria-busy', 'true');
    expect(root?.textContent).toBe('');
    expect(await screen.findByText('Save')).toBeInTheDocument();
    expect(root).not.toHaveAttribute('aria-busy');
    expect(root).toHaveAttribute('lang', 'en-US');
    expect(isLocaleLoaded('en')).toBe(true);
  });

  it('switches at runtime once the new table has loaded, showing the former language until then', async () => {
    unloadLocaleForTests('es');
    const { container, rerender } = render(
      <AtendeRoot locale="en">
        <SaveLabel />
      </AtendeRoot>,
    );
    expect(screen.getByText('Save')).toBeInTheDocument();
    rerender(
      <AtendeRoot locale="es">
        <SaveLabel />
      </AtendeRoot>,
    );
    expect(screen.getByText('Save')).toBeInTheDocument();
    expect(container.querySelector('.atd-root')).toHaveAttribute('lang', 'en-US');
    expect(await screen.findByText('Guardar')).toBeInTheDocument();
    expect(container.querySelector('.atd-root')).toHaveAttribute('lang', 'es');
    // Back to pt, whose table is always here: at once.
    act(() =>
      rerender(
        <AtendeRoot locale="pt">
          <SaveLabel />
        </AtendeRoot>,
      ),
    );
    expect(screen.getByText('Salvar')).toBeInTheDocument();
  });

  it('loads each table once, whoever asks', async () => {
    unloadLocaleForTests('es');
    const first = loadLocale('es');
    expect(loadLocale('es')).toBe(first);
    await first;
    expect(translate('es', 'action.save')).toBe('Guardar');
  });
});
