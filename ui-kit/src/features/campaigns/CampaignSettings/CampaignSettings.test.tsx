import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { sampleCampaignSettings } from '../files-and-settings-story-data';
import { CampaignSettings } from './CampaignSettings';

// Saves chain several calls; under a loaded parallel run they take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'campaigns:manage'] satisfies Permission[] };

function settingsApi() {
  let saved = { ...sampleCampaignSettings };
  const routes: Routes = {
    'GET /campaign-settings': () => json(200, saved),
    'POST /campaign-settings': async (request) => {
      const { settings } = (await request.json()) as { settings: Partial<typeof saved> };
      saved = { ...saved, ...settings };
      return json(200, saved);
    },
  };
  return { routes, saved: () => saved };
}

describe('CampaignSettings (connected)', () => {
  it("reads GET /campaign-settings, saves the whole settings as { settings } and says 'Configurações salvas'; axe-clean", async () => {
    const api = settingsApi();
    const { container, api: calls } = renderSignedIn(<CampaignSettings />, api.routes, ADMIN);
    const picker = await screen.findByRole('button', { name: /Intervalo randômico de disparo/ });
    expect(picker).toHaveTextContent('20 segundos');
    await expectNoA11yViolations(container);
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: '40 segundos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remover a variável cupom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    const posted = calls.calls.find((c) => c.method === 'POST' && c.path === '/campaign-settings');
    expect(JSON.parse(posted!.body)).toEqual({
      settings: {
        messageInterval: 40,
        longerIntervalAfter: 20,
        greaterInterval: 60,
        variables: [{ key: 'site', value: 'https://loja.example.com.br/promocoes' }],
      },
    });
    expect(api.saved().messageInterval).toBe(40);
    await waitFor(() => expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument());
  });

  it('tells an attendant the page is for admins and calls nothing', async () => {
    const api = settingsApi();
    const { api: calls } = renderSignedIn(<CampaignSettings />, api.routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram as configurações de campanhas.')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path.startsWith('/campaign-settings'))).toEqual([]);
  });
});
