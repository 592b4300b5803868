import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { QueueIntegration } from '../queue-integration-rules';
import { integrationDto, sampleIntegrations } from '../queue-integration-story-data';
import { QueueIntegrations } from './QueueIntegrations';

configure({ asyncUtilTimeout: 5000 });

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'automation:manage'] satisfies Permission[] };

/** An in-memory /queueIntegration with the API's answers (by name; credentials never answered). */
function integrationsApi(initial: QueueIntegration[] = sampleIntegrations) {
  let rows = [...initial];
  let nextId = 100;
  const routes: Routes = {
    'GET /queueIntegration': (request) => {
      const term = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
      const queueIntegrations = rows.filter((q) => q.name.toLowerCase().includes(term)).sort((a, b) => a.name.localeCompare(b.name));
      return json(200, { queueIntegrations, count: queueIntegrations.length, hasMore: false });
    },
    'POST /queueIntegration': async (request) => {
      const body = (await request.json()) as Record<string, string>;
      const row = integrationDto({
        id: nextId++,
        type: body.type as QueueIntegration['type'],
        name: body.name,
        urlN8N: body.urlN8N,
        secretHint: 'whsec_…wxyz',
      });
      rows.push(row);
      return json(201, { ...row, secret: 'whsec_new-secret-wxyz' });
    },
    'POST /queueIntegration/testSession': () => json(200, { ok: true, reply: 'Oi!' }),
  };
  for (const id of [...rows.map((q) => q.id), 100]) {
    routes[`PUT /queueIntegration/${id}`] = async (request) => {
      const body = (await request.json()) as Record<string, string>;
      rows = rows.map((q) => (q.id === id ? { ...q, name: body.name } : q));
      return json(
        200,
        rows.find((q) => q.id === id),
      );
    };
    routes[`DELETE /queueIntegration/${id}`] = () => {
      rows = rows.filter((q) => q.id !== id);
      return new Response(null, { status: 204 });
    };
    routes[`POST /queueIntegration/${id}/secret`] = () => json(201, { secret: 'whsec_rotated-1234', secretHint: 'whsec_…1234' });
  }
  return { routes };
}

describe('QueueIntegrations (connected)', () => {
  it('lists GET /queueIntegration with the count; axe-clean', async () => {
    const { container } = renderSignedIn(<QueueIntegrations />, integrationsApi().routes, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Integrações (4)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Typebot de vendas/ })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  }, 30_000);

  it('creates a webhook with POST and shows its secret once; edits with PUT; deletes after the confirmation', async () => {
    const { api: calls } = renderSignedIn(<QueueIntegrations />, integrationsApi([]).routes, ADMIN);
    await screen.findByText('Nenhuma integração');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar integração' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Tipo$/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'WebHooks' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Meu hook');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^URL/ }), 'https://hooks.exemplo.com/a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Integração salva com sucesso.')).toBeInTheDocument();
    const secret = await screen.findByRole('dialog', { name: 'Segredo de assinatura: Meu hook' });
    expect(within(secret).getByRole('textbox')).toHaveValue('whsec_new-secret-wxyz');
    const posted = calls.calls.find((c) => c.method === 'POST' && c.path === '/queueIntegration');
    expect(JSON.parse(posted!.body)).toEqual({ type: 'webhook', name: 'Meu hook', projectName: 'Meu hook', urlN8N: 'https://hooks.exemplo.com/a' });
    await userEvent.click(within(secret).getByRole('button', { name: 'Concluído' }));

    const row = await screen.findByRole('row', { name: /Meu hook/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Meu hook' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar integração' });
    const name = within(edit).getByRole('textbox', { name: /^Nome/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Hook 2');
    await userEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('row', { name: /Hook 2/ })).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('row', { name: /Hook 2/ })).getByRole('button', { name: 'Excluir Hook 2' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir Hook 2?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Integração excluída com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Hook 2/ })).not.toBeInTheDocument());
  }, 30_000);

  it('follows company-{id}-queueIntegration: create, update and delete', async () => {
    const { emit } = renderSignedIn(<QueueIntegrations />, integrationsApi().routes, ADMIN);
    await screen.findByRole('row', { name: /Typebot de vendas/ });
    const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);
    emit('queueIntegration', { action: 'create', queueIntegration: integrationDto({ id: 9, name: 'Bot novo' }) });
    await waitFor(() => expect(names()).toContain('Bot novo'));
    emit('queueIntegration', { action: 'update', queueIntegration: integrationDto({ id: 9, name: 'Bot renomeado' }) });
    await waitFor(() => expect(names()).toContain('Bot renomeado'));
    emit('queueIntegration', { action: 'delete', integrationId: 9 });
    await waitFor(() => expect(names()).not.toContain('Bot renomeado'));
  }, 30_000);

  it('tells an attendant the page is for admins and calls nothing', async () => {
    const { api: calls } = renderSignedIn(<QueueIntegrations />, integrationsApi().routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram as integrações.')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path.startsWith('/queueIntegration'))).toEqual([]);
  }, 30_000);
});
