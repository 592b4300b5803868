import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { useCreateQueueOption, useDeleteQueueOption, useQueueOptions, useUpdateQueueOption } from './queues';

type QueueOption = Schema<'QueueOptionDto'>;
const option = (over: Partial<QueueOption> & Pick<QueueOption, 'id' | 'option' | 'title'>): QueueOption => ({
  message: null,
  queueId: 5,
  parentId: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

/** The first level of queue 5's menu and the children of option 1, with buttons for each mutation. */
function Menu() {
  const root = useQueueOptions({ queueId: 5, parentId: -1 });
  const children = useQueueOptions({ queueId: 5, parentId: 1 });
  const create = useCreateQueueOption();
  const update = useUpdateQueueOption();
  const remove = useDeleteQueueOption();
  return (
    <>
      <ul aria-label="menu">
        {root.data?.map((o) => (
          <li key={o.id}>{`${o.option} ${o.title}`}</li>
        ))}
      </ul>
      <ul aria-label="submenu">
        {children.data?.map((o) => (
          <li key={o.id}>{`${o.option} ${o.title}`}</li>
        ))}
      </ul>
      <button onClick={() => create.mutate({ title: 'Suporte', queueId: 5, parentId: null })}>add</button>
      <button onClick={() => update.mutate({ id: 1, body: { option: 3 } })}>move</button>
      <button onClick={() => remove.mutate({ id: 1, queueId: 5 })}>delete</button>
      {(create.error ?? update.error ?? remove.error) && <p>failed</p>}
    </>
  );
}

describe('queue option hooks', () => {
  it('read a level by its query, and keep it in option order through create, update and delete', async () => {
    let root = [option({ id: 1, option: 1, title: 'Vendas' }), option({ id: 2, option: 2, title: 'Financeiro' })];
    const queries: string[] = [];
    const routes: Routes = {
      'GET /queue-options': (request) => {
        const params = new URL(request.url).searchParams;
        queries.push(params.toString());
        if (params.get('parentId') === '1') return json(200, [option({ id: 9, option: 1, title: 'Planos', parentId: 1 })]);
        return json(200, root);
      },
      'POST /queue-options': () => json(201, option({ id: 3, option: 3, title: 'Suporte' })),
      'PUT /queue-options/1': () => json(200, option({ id: 1, option: 4, title: 'Vendas' })),
      'DELETE /queue-options/1': () => {
        // The API renumbers the siblings left.
        root = [option({ id: 2, option: 1, title: 'Financeiro' }), option({ id: 3, option: 2, title: 'Suporte' })];
        return new Response(null, { status: 204 });
      },
    };
    const { api } = renderSignedIn(<Menu />, routes);
    await waitFor(() => expect(items('menu')).toEqual(['1 Vendas', '2 Financeiro']));
    await waitFor(() => expect(items('submenu')).toEqual(['1 Planos']));
    expect(queries.sort()).toEqual(['queueId=5&parentId=-1', 'queueId=5&parentId=1']);

    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(items('menu')).toEqual(['1 Vendas', '2 Financeiro', '3 Suporte']));
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST')!.body)).toEqual({ title: 'Suporte', queueId: 5, parentId: null });

    await userEvent.click(screen.getByRole('button', { name: 'move' }));
    await waitFor(() => expect(items('menu')).toEqual(['2 Financeiro', '3 Suporte', '4 Vendas']));

    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    // Gone at once with its children's list, then the renumbered level comes back from the API.
    await waitFor(() => expect(items('menu')).toEqual(['1 Financeiro', '2 Suporte']));
    expect(screen.queryByText('failed')).not.toBeInTheDocument();
  });

  it('apply queueOption events: a create joins its level, a delete takes the option and everything below it', async () => {
    const routes: Routes = {
      'GET /queue-options': (request) =>
        new URL(request.url).searchParams.get('parentId') === '1'
          ? json(200, [option({ id: 9, option: 1, title: 'Planos', parentId: 1 })])
          : json(200, [option({ id: 1, option: 1, title: 'Vendas' })]),
    };
    const { emit, socket } = renderSignedIn(<Menu />, routes);
    await waitFor(() => expect(items('submenu')).toEqual(['1 Planos']));
    await waitFor(() => expect(socket().listeners('company-3-queueOption')).toHaveLength(1));
    emit('queueOption', { action: 'create', queueOption: option({ id: 4, option: 2, title: 'Boletos', parentId: 1 }) });
    await waitFor(() => expect(items('submenu')).toEqual(['1 Planos', '2 Boletos']));
    emit('queueOption', { action: 'create', queueOption: option({ id: 5, option: 1, title: 'Outra fila', queueId: 6 }) });
    emit('queueOption', { action: 'delete', queueId: 5, queueOptionIds: [1, 9, 4] });
    // Another queue's option never joined this menu: the level is empty once Vendas is gone.
    await waitFor(() => expect(items('menu')).toEqual([]));
  });
});
