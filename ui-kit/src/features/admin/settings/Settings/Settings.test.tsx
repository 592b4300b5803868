import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { json, sessionUser } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { defaultSchedules } from '../../business-hours/business-hours';
import { Settings } from './Settings';

type Permission = Schema<'Permission'>;
const ADMIN: Partial<Schema<'SessionUserDto'>> = {
  permissions: ['session:self', 'settings:read', 'settings:write', 'holidays:manage', 'company:read-own'] as Permission[],
  features: { ...sessionUser().features, whiteLabel: true },
};

/** A fake API keeping the settings in a store: PUT writes it and answers the setting. */
function settingsApi(initial: Record<string, string> = {}, extra: Routes = {}) {
  const store = new Map<string, string>(Object.entries({ scheduleType: 'disabled', userRating: 'disabled', ...initial }));
  const routes: Routes = {
    'GET /settings': () =>
      json(
        200,
        [...store].map(([key, value]) => ({ key, value })),
      ),
    'GET /holidays': () => json(200, { holidays: [], count: 0, hasMore: false }),
    'GET /helps': () => json(200, { records: [], count: 0, hasMore: false }),
    'GET /companies/3': () =>
      json(200, {
        id: 3,
        name: 'Empresa 3',
        status: true,
        recurrence: 'MENSAL',
        campaignsEnabled: false,
        planId: 1,
        plan: { id: 1, name: 'P' },
        schedules: defaultSchedules(),
        timezone: 'America/Sao_Paulo',
        createdAt: '',
        updatedAt: '',
      }),
    ...extra,
  };
  for (const key of ['userRating', 'scheduleType', 'primaryColorLight', 'primaryColorDark', 'appName'])
    routes[`PUT /settings/${key}`] ??= async (request: Request) => {
      const body = (await request.json()) as { value: string };
      store.set(key, body.value);
      return json(200, { key, value: body.value });
    };
  return { routes, store };
}

function renderPage(routes: Routes, user = ADMIN) {
  const utils = renderSignedIn(<Settings />, routes, user);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('Settings (connected)', () => {
  it("shows the admin's tabs; a switch saves its key at once (PUT /settings/{key}) with the spec's toast", async () => {
    const { sent } = renderPage(settingsApi().routes);
    const rating = await screen.findByRole('switch', { name: 'Avaliações' });
    expect(tabNames()).toEqual(['Opções', 'Feriados', 'Whitelabel', 'Distribuidor de Tickets']);
    await userEvent.click(rating);
    expect(await screen.findByText('Operação atualizada com sucesso.')).toBeInTheDocument();
    expect(sent('PUT', '/settings/userRating')).toEqual([{ key: 'userRating', value: 'enabled' }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Avaliações' })).toBeChecked());
  });

  it("a super user gets Empresas before Planos; the tab lists the companies and 'Acessar como' shows the panel", async () => {
    const SUPER: Partial<Schema<'SessionUserDto'>> = {
      ...ADMIN,
      super: true,
      permissions: [...(ADMIN.permissions ?? []), 'companies:manage', 'plans:manage', 'helps:manage'] as Permission[],
    };
    const { routes } = settingsApi(
      {},
      {
        'GET /companies': () => json(200, { companies: [], count: 0, hasMore: false }),
        'GET /plans/all': () => json(200, []),
      },
    );
    renderSignedIn(<Settings defaultTab="companies" />, routes, SUPER);
    expect(await screen.findByRole('heading', { name: 'Empresas' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Opções', 'Empresas', 'Planos', 'Ajuda', 'Feriados', 'Whitelabel', 'Distribuidor de Tickets']);
    expect(await screen.findByText('Nenhuma empresa cadastrada')).toBeInTheDocument();
  });

  it('a refused save is toasted and the control keeps the stored value', async () => {
    renderPage(settingsApi({}, { 'PUT /settings/userRating': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }) }).routes);
    await userEvent.click(await screen.findByRole('switch', { name: 'Avaliações' }));
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Avaliações' })).not.toBeChecked();
  });

  it("the Horários tab appears when scheduleType becomes 'company', and saves the week with PUT /companies/{id}/schedules", async () => {
    const api = settingsApi(
      {},
      {
        'PUT /companies/3/schedules': async (request) => json(200, { id: 3, ...((await request.json()) as object) }),
      },
    );
    const { sent } = renderPage(api.routes);
    await screen.findByRole('switch', { name: 'Avaliações' });
    expect(tabNames()).not.toContain('Horários');
    await userEvent.click(screen.getByRole('button', { name: /Gerenciamento de Expediente/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Empresa' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Horários' }));
    const start = await screen.findByRole('textbox', { name: 'Início de Sábado' });
    await userEvent.clear(start);
    await userEvent.type(start, '0800');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar horários' }));
    expect(await screen.findByText('Horários atualizados com sucesso.')).toBeInTheDocument();
    const body = sent('PUT', '/companies/3/schedules')[0] as { schedules: { weekdayEn: string; startTime: string }[] };
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules.find((s) => s.weekdayEn === 'saturday')?.startTime).toBe('08:00');
  });

  it('the Whitelabel tab saves a preset as both colours', async () => {
    const { sent } = renderPage(settingsApi().routes);
    await userEvent.click(await screen.findByRole('tab', { name: 'Whitelabel' }));
    // The palette is one radio group of fifty swatches (role queries over them are slow in jsdom: the radio by label).
    const palette = await screen.findByRole('radiogroup', { name: 'Paleta de cores' }, { timeout: 10_000 });
    await userEvent.click(within(palette).getByLabelText(/^Verde \(/));
    await waitFor(() => expect(sent('PUT', '/settings/primaryColorDark')).toEqual([{ key: 'primaryColorDark', value: '#66BB6A' }]));
    expect(sent('PUT', '/settings/primaryColorLight')).toEqual([{ key: 'primaryColorLight', value: '#2E7D32' }]);
  }, 30_000);

  it('without the plan feature there is no Whitelabel tab; without settings:write the options are read-only', async () => {
    renderPage(settingsApi().routes, { permissions: ['session:self', 'settings:read'] as Permission[] });
    const rating = await screen.findByRole('switch', { name: 'Avaliações' });
    expect(rating).toBeDisabled();
    expect(tabNames()).toEqual(['Opções', 'Distribuidor de Tickets']);
  });
});
