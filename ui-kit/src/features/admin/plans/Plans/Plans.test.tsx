import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { planDto, samplePlans } from '../story-data';
import { Plans } from './Plans';

const SUPER = { super: true, permissions: ['session:self', 'plans:manage'] as Schema<'Permission'>[] };

function renderPanel(extra: Routes = {}) {
  const routes: Routes = { 'GET /plans/all': () => json(200, samplePlans), ...extra };
  const utils = renderSignedIn(<Plans />, routes, SUPER);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('Plans (connected)', () => {
  it('lists the plans with limits, the BRL price and the features; axe-clean', async () => {
    const { container } = renderPanel();
    await screen.findByRole('row', { name: /^Completo/ });
    expect(within(row('Completo')).getByText('R$ 199,90', { normalizer: (s) => s.replace(/\s/g, ' ') })).toBeInTheDocument();
    expect(within(row('Completo')).getByText('Whitelabel')).toBeInTheDocument();
    expect(within(row('Básico')).getByText('Só o atendimento')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('adds a plan: every flag sent, the price read with a comma; the row comes from the answer', async () => {
    const { sent } = renderPanel({ 'POST /plans': async (request) => json(201, planDto({ ...((await request.json()) as object), id: 9 })) });
    await screen.findByRole('row', { name: /^Completo/ });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar plano' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar plano' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Empresarial');
    const users = within(dialog).getByRole('textbox', { name: 'Usuários' });
    await userEvent.clear(users);
    await userEvent.type(users, '20');
    const value = within(dialog).getByRole('textbox', { name: /^Valor mensal/ });
    await userEvent.clear(value);
    await userEvent.type(value, '299,5');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Kanban' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Whitelabel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeInTheDocument();
    expect(sent('POST', '/plans')).toEqual([
      {
        name: 'Empresarial',
        users: 20,
        connections: 1,
        queues: 1,
        value: 299.5,
        useCampaigns: false,
        useSchedules: false,
        useInternalChat: false,
        useExternalApi: false,
        useKanban: true,
        useOpenAi: false,
        useIntegrations: false,
        whiteLabel: true,
      },
    ]);
    expect(await screen.findByRole('row', { name: /^Empresarial/ })).toBeInTheDocument();
  });

  it('checks the fields, and puts a taken name on the name field', async () => {
    const { sent } = renderPanel({ 'PUT /plans/1': () => json(409, { error: 'ERR_PLAN_NAME_EXISTS', message: 'taken' }) });
    await screen.findByRole('row', { name: /^Completo/ });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Básico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plano' });
    expect(within(dialog).getByRole('textbox', { name: /^Valor mensal/ })).toHaveValue('49,90');
    const queues = within(dialog).getByRole('textbox', { name: 'Filas' });
    await userEvent.clear(queues);
    await userEvent.type(queues, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe um número inteiro de 0 a 100000')).toBeInTheDocument();
    expect(sent('PUT', '/plans/1')).toHaveLength(0);
    await userEvent.clear(queues);
    await userEvent.type(queues, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Já existe um plano com este nome.')).toBeInTheDocument();
    expect(screen.queryByText('Operação realizada com sucesso!')).toBeNull();
  });

  it('deletes after the confirmation; a plan in use is refused with the toast and stays', async () => {
    const { sent } = renderPanel({
      'DELETE /plans/3': () => new Response(null, { status: 204 }),
      'DELETE /plans/2': () => json(409, { error: 'ERR_PLAN_IN_USE', message: 'in use' }),
    });
    await screen.findByRole('row', { name: /^Completo/ });
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Profissional' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir o plano Profissional?' })).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Profissional/ })).toBeNull());
    expect(sent('DELETE', '/plans/3')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Completo' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir o plano Completo?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Este plano está em uso por alguma empresa.')).toBeInTheDocument();
    expect(row('Completo')).toBeInTheDocument();
  });
});
