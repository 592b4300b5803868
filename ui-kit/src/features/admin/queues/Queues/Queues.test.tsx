import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { queueDto, queueOptionDto, sampleQueues } from '../story-data';
import { Queues } from './Queues';

type Permission = Schema<'Permission'>;
type Option = Schema<'QueueOptionDto'>;
const ADMIN = { profile: 'admin' as const, permissions: ['session:self', 'queues:read', 'queues:write'] satisfies Permission[] };
const later = (minute: number) => `2026-03-14T14:${String(minute).padStart(2, '0')}:00.000Z`;

/** A fake API: the queues, the settings (scheduleType), and a queue-options store that answers by queue and parent. */
function queuesApi({ scheduleType = 'company', extra = {} }: { scheduleType?: string; extra?: Routes } = {}) {
  const options: Option[] = [
    queueOptionDto({ id: 11, title: 'Boleto', message: 'Envie o CPF.', option: 1, queueId: 1, parentId: null }),
    queueOptionDto({ id: 12, title: 'Cartão', message: null, option: 2, queueId: 1, parentId: null }),
    queueOptionDto({ id: 13, title: 'Segunda via', message: 'Informe o mês.', option: 1, queueId: 1, parentId: 11 }),
  ];
  let nextId = 20;
  const routes: Routes = {
    'GET /queue': () => json(200, sampleQueues),
    'GET /settings': () => json(200, [{ key: 'scheduleType', value: scheduleType }]),
    'GET /queue-options': (request) => {
      const url = new URL(request.url);
      const parent = Number(url.searchParams.get('parentId'));
      const queueId = Number(url.searchParams.get('queueId'));
      return json(
        200,
        options.filter((o) => o.queueId === queueId && (parent === -1 ? o.parentId === null : o.parentId === parent)).sort((a, b) => a.option - b.option),
      );
    },
    'POST /queue-options': async (request) => {
      const body = (await request.json()) as { title: string; message: string | null; queueId: number; parentId: number | null };
      const siblings = options.filter((o) => o.queueId === body.queueId && o.parentId === body.parentId);
      const created = queueOptionDto({ ...body, id: nextId++, option: siblings.length + 1 });
      options.push(created);
      return json(201, created);
    },
    ...extra,
  };
  return { routes, options };
}

function renderPage(routes: Routes, user: Partial<Schema<'SessionUserDto'>> = ADMIN) {
  const utils = renderSignedIn(<Queues />, routes, user);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });
const loaded = () => screen.findByRole('row', { name: /Suporte/ });
/** A level's options as the screen reader reads their titles ('1.1 Segunda via'), this level only. */
const titles = (list: HTMLElement) =>
  [...list.querySelectorAll(':scope > li .atd-QueueOptions-optionTitle')].filter((t) => t.closest('ol') === list).map((t) => t.textContent);

describe('Queues (connected)', () => {
  it('lists GET /queue and follows queue events without a refetch', async () => {
    const { emit, sent } = renderPage(queuesApi().routes);
    await loaded();
    expect(within(row('Vendas')).getByText('Bem-vindo às vendas! Um vendedor já vai te atender.')).toBeInTheDocument();
    emit('queue', { action: 'update', queue: { ...sampleQueues[1], name: 'Vendas B2B', updatedAt: later(1) } });
    await waitFor(() => expect(row('Vendas B2B')).toBeInTheDocument());
    emit('queue', { action: 'delete', queueId: 3 });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Financeiro/ })).toBeNull());
    expect(sent('GET', '/queue')).toHaveLength(1);
  });

  it('adds a queue: POST /queue with the form, toasts, and the row comes from the answer', async () => {
    const api = queuesApi({
      extra: {
        'POST /queue': async (request) => json(201, queueDto({ ...((await request.json()) as object), id: 9 })),
      },
    });
    const { sent } = renderPage(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar fila' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar fila' });
    // No hours tab: scheduleType is 'company'.
    expect(within(dialog).queryByRole('tab', { name: 'Horários de Atendimento' })).toBeNull();
    expect(within(dialog).getByText('Salve a fila para adicionar opções do chatbot.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Pós-venda');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Mensagem de saudação/ }), 'Oi!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Fila salva com sucesso')).toBeInTheDocument();
    // The colour no other queue uses (the palette's fourth: the samples take the first three).
    expect(sent('POST', '/queue')).toEqual([
      { name: 'Pós-venda', color: '#E91E63', orderQueue: null, greetingMessage: 'Oi!', outOfHoursMessage: null, optionHolidays: 'disabled', promptId: null },
    ]);
    expect(await screen.findByRole('row', { name: /Pós-venda/ })).toBeInTheDocument();
  });

  it("with scheduleType 'queue', saves the hours with PUT /queue/{id}", async () => {
    const api = queuesApi({
      scheduleType: 'queue',
      extra: { 'PUT /queue/2': async (request) => json(200, { ...sampleQueues[1], ...((await request.json()) as object), updatedAt: later(2) }) },
    });
    const { sent } = renderPage(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar fila' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Horários de Atendimento' }));
    const start = within(dialog).getByRole('textbox', { name: 'Início de Sábado' });
    await userEvent.clear(start);
    await userEvent.type(start, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent('PUT', '/queue/2')).toHaveLength(1));
    const body = sent('PUT', '/queue/2')[0] as { schedules: { weekdayEn: string; startTime: string; endTime: string }[] };
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules.find((s) => s.weekdayEn === 'saturday')).toMatchObject({ startTime: '10:00', endTime: '12:00' });
  });

  it('edits the option tree: levels load when opened, an option is added at a level, one inside another', async () => {
    const api = queuesApi();
    const { sent } = renderPage(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Suporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar fila' });
    const root = await within(dialog).findByRole('list', { name: 'Opções do chatbot de Suporte' });
    expect(titles(root)).toEqual(['1 Boleto', '2 Cartão']);
    // Open 'Boleto': its level loads (parentId 11) and numbers as 1.1.
    await userEvent.click(within(root).getByRole('button', { name: 'Boleto' }));
    const inner = await within(dialog).findByRole('list', { name: 'Opções do chatbot de Boleto' });
    expect(titles(inner)).toEqual(['1.1 Segunda via']);
    // Add at the root.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    const form = within(dialog).getByRole('form', { name: 'Adicionar opção' });
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar opção' }));
    expect(await within(form).findByText('Informe o título da opção')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Título' }), 'Pix');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Mensagem/ }), 'Chave: CNPJ');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar opção' }));
    await waitFor(() => expect(titles(root)).toEqual(['1 Boleto', '2 Cartão', '3 Pix']));
    expect(sent('POST', '/queue-options')).toEqual([{ queueId: 1, parentId: null, title: 'Pix', message: 'Chave: CNPJ' }]);
    // Inside 'Boleto'.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar opção dentro de Boleto' }));
    const child = within(dialog).getByRole('form', { name: 'Adicionar opção' });
    await userEvent.type(within(child).getByRole('textbox', { name: 'Título' }), 'Vencido');
    await userEvent.click(within(child).getByRole('button', { name: 'Salvar opção' }));
    await waitFor(() => expect(titles(inner)).toEqual(['1.1 Segunda via', '1.2 Vencido']));
    expect(sent('POST', '/queue-options')[1]).toEqual({ queueId: 1, parentId: 11, title: 'Vencido', message: null });
  });

  it('edits an option in place (PUT) and deletes one after the confirmation (DELETE, the level reloads renumbered)', async () => {
    const api = queuesApi({
      extra: {
        'PUT /queue-options/12': async (request) => json(200, { ...queueOptionDto({ id: 12, option: 2, queueId: 1 }), ...((await request.json()) as object) }),
        'DELETE /queue-options/11': () => {
          api.options.splice(
            0,
            api.options.length,
            queueOptionDto({ id: 12, title: 'Cartão de crédito', message: null, option: 1, queueId: 1, parentId: null }),
          );
          return new Response(null, { status: 204 });
        },
      },
    });
    const { sent } = renderPage(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Editar Suporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar fila' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Editar opção Cartão' }));
    const form = within(dialog).getByRole('form', { name: 'Editar opção Cartão' });
    const title = within(form).getByRole('textbox', { name: 'Título' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Cartão de crédito');
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar opção' }));
    expect(await within(dialog).findByText('Cartão de crédito')).toBeInTheDocument();
    expect(sent('PUT', '/queue-options/12')).toEqual([{ title: 'Cartão de crédito', message: null }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir opção Boleto' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a opção Boleto?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(within(dialog).queryByText('Boleto')).toBeNull());
    expect(sent('DELETE', '/queue-options/11')).toHaveLength(1);
    const root = within(dialog).getByRole('list', { name: 'Opções do chatbot de Suporte' });
    await waitFor(() => expect(titles(root)).toEqual(['1 Cartão de crédito']));
  });

  it('deletes a queue after the confirmation; a refused delete is toasted and the row stays', async () => {
    const api = queuesApi({
      extra: {
        'DELETE /queue/3': () => new Response(null, { status: 204 }),
        'DELETE /queue/2': () => json(404, { error: 'ERR_QUEUE_NOT_FOUND', message: 'gone' }),
      },
    });
    const { sent } = renderPage(api.routes);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Financeiro' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir a fila Financeiro?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Fila excluída com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Financeiro/ })).toBeNull());
    expect(sent('DELETE', '/queue/3')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir Vendas' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir a fila Vendas?' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Nenhuma fila encontrada com este ID.')).toBeInTheDocument();
    expect(row('Vendas')).toBeInTheDocument();
  });

  it('an attendant (queues:read only) sees the list without buttons, and the tree read-only', async () => {
    renderPage(queuesApi().routes, { profile: 'user', permissions: ['session:self', 'queues:read'] });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Adicionar fila' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar / })).toBeNull();
  });
});
