import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { Prompt } from '../prompt-rules';
import { promptDto, samplePrompts, sampleQueues } from '../prompt-story-data';
import { Prompts } from './Prompts';

configure({ asyncUtilTimeout: 5000 });

type Permission = Schema<'Permission'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'automation:manage'] satisfies Permission[] };
const TEXT = 'Você é a assistente virtual da Loja Exemplo. Responda com educação e em poucas frases.';

/** An in-memory /prompt with the API's answers (by name; keys never answered). */
function promptsApi(initial: Prompt[] = samplePrompts) {
  let rows = [...initial];
  let nextId = 100;
  const find = (id: number) => rows.find((p) => p.id === id);
  const queueOf = (id: number) => sampleQueues.find((q) => q.id === id) ?? null;
  const routes: Routes = {
    'GET /prompt': (request) => {
      const term = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
      const prompts = rows.filter((p) => p.name.toLowerCase().includes(term)).sort((a, b) => a.name.localeCompare(b.name));
      return json(200, { prompts, count: prompts.length, hasMore: false });
    },
    'GET /queue': () =>
      json(
        200,
        sampleQueues.map((q) => ({ ...q, color: '#123456' })),
      ),
    'POST /prompt': async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      const row = promptDto({
        id: nextId++,
        name: String(body.name),
        prompt: String(body.prompt),
        queueId: Number(body.queueId),
        queue: queueOf(Number(body.queueId)),
      });
      rows.push(row);
      return json(201, row);
    },
  };
  for (const id of [...rows.map((p) => p.id), 100]) {
    routes[`PUT /prompt/${id}`] = async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      rows = rows.map((p) => (p.id === id ? { ...p, name: String(body.name), maxTokens: Number(body.maxTokens) } : p));
      return json(200, find(id));
    };
    routes[`DELETE /prompt/${id}`] = () => {
      rows = rows.filter((p) => p.id !== id);
      return json(200, { message: 'Prompt deleted' });
    };
  }
  return { routes };
}

describe('Prompts (connected)', () => {
  it('lists GET /prompt with the count; axe-clean', async () => {
    const { container } = renderSignedIn(<Prompts />, promptsApi().routes, ADMIN);
    expect(await screen.findByRole('heading', { name: 'Prompts (3)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Assistente de vendas/ })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  }, 30_000);

  it('creates with POST /prompt (the queue chosen, the key sent once) and shows it', async () => {
    const { api: calls } = renderSignedIn(<Prompts />, promptsApi([]).routes, ADMIN);
    await screen.findByText('Nenhum prompt');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar prompt' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Assistente');
    await userEvent.type(within(dialog).getByLabelText(/^Chave da API/), 'sk-abc');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Prompt/ }), TEXT);
    await userEvent.click(within(dialog).getByRole('button', { name: /Setor/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Prompt salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = calls.calls.find((c) => c.method === 'POST' && c.path === '/prompt');
    expect(JSON.parse(posted!.body)).toMatchObject({
      name: 'Assistente',
      apiKey: 'sk-abc',
      queueId: 1,
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
    });
    const row = await screen.findByRole('row', { name: /^Assistente/ });
    expect(within(row).getByText('Vendas')).toBeInTheDocument();
  }, 30_000);

  it('edits with PUT /prompt/{id} without a key, and deletes after the confirmation with an info toast', async () => {
    const { api: calls } = renderSignedIn(<Prompts />, promptsApi().routes, ADMIN);
    const row = await screen.findByRole('row', { name: /^Assistente de vendas/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Assistente de vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar prompt' });
    const tokens = within(dialog).getByRole('textbox', { name: /^Máximo de tokens/ });
    await userEvent.clear(tokens);
    await userEvent.type(tokens, '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.calls.some((c) => c.method === 'PUT' && c.path === '/prompt/1')).toBe(true));
    const put = JSON.parse(calls.calls.find((c) => c.method === 'PUT' && c.path === '/prompt/1')!.body);
    expect(put).not.toHaveProperty('apiKey');
    expect(put.maxTokens).toBe(250);
    expect(await within(screen.getByRole('row', { name: /^Assistente de vendas/ })).findByText('250')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('row', { name: /^Assistente de vendas/ })).getByRole('button', { name: 'Excluir Assistente de vendas' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir Assistente de vendas?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Prompt excluído com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Assistente de vendas/ })).not.toBeInTheDocument());
  }, 30_000);

  it('follows company-{id}-prompt: create, update and delete', async () => {
    const { emit } = renderSignedIn(<Prompts />, promptsApi().routes, ADMIN);
    await screen.findByRole('row', { name: /^Assistente de vendas/ });
    const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);
    emit('prompt', { action: 'create', prompt: promptDto({ id: 9, name: 'Bot de agendamento' }) });
    await waitFor(() => expect(names()).toEqual(['Assistente de vendas', 'Bot de agendamento', 'Cobrança (setor excluído)', 'Suporte técnico com voz']));
    emit('prompt', { action: 'update', prompt: promptDto({ id: 9, name: 'Bot de agendamento', maxTokens: 777 }) });
    expect(await within(screen.getByRole('row', { name: /^Bot de agendamento/ })).findByText('777')).toBeInTheDocument();
    emit('prompt', { action: 'delete', promptId: 9 });
    await waitFor(() => expect(names()).toEqual(['Assistente de vendas', 'Cobrança (setor excluído)', 'Suporte técnico com voz']));
  }, 30_000);

  it('tells an attendant the page is for admins and calls nothing', async () => {
    const { api: calls } = renderSignedIn(<Prompts />, promptsApi().routes, { profile: 'user', permissions: ['session:self'] });
    expect(await screen.findByText('Somente administradores veem e alteram os prompts.')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path.startsWith('/prompt'))).toEqual([]);
  }, 30_000);
});
