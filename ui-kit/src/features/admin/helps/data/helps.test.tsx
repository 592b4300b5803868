import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { useAllHelps, useCreateHelp, useDeleteHelp, useHelps, useUpdateHelp } from './helps';

type Help = Schema<'HelpDto'>;
const help = (id: number, title: string, video = 'dQw4w9WgXcQ'): Help => ({
  id,
  title,
  description: '',
  video,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
});

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

/** The paged list, the whole list and a searched list side by side, with a button per mutation. */
function Lists() {
  const paged = useHelps();
  const all = useAllHelps();
  const searched = useHelps({ searchParam: 'fila' });
  const create = useCreateHelp();
  const update = useUpdateHelp();
  const remove = useDeleteHelp();
  return (
    <>
      <ul aria-label="paged">
        {paged.data?.items.map((h) => (
          <li key={h.id}>{h.title}</li>
        ))}
      </ul>
      <p>{`count ${paged.data?.count ?? '-'}`}</p>
      <ul aria-label="all">
        {all.data?.map((h) => (
          <li key={h.id}>{h.title}</li>
        ))}
      </ul>
      <ul aria-label="searched">
        {searched.data?.items.map((h) => (
          <li key={h.id}>{h.title}</li>
        ))}
      </ul>
      <button onClick={() => create.mutate({ title: 'Conexões', video: 'https://youtu.be/aqz-KE-bpKQ' })}>add</button>
      <button onClick={() => update.mutate({ id: 2, body: { title: 'Zap: filas' } })}>rename</button>
      <button onClick={() => remove.mutate(1)}>delete</button>
      {(create.error ?? update.error ?? remove.error) && <p>failed</p>}
    </>
  );
}

describe('help hooks', () => {
  it('read GET /helps pages and GET /helps/list, and keep them in title order through create, update and delete', async () => {
    const searches: string[] = [];
    const routes: Routes = {
      'GET /helps': (request) => {
        const params = new URL(request.url).searchParams;
        searches.push(params.toString());
        if (params.get('searchParam')) return json(200, { records: [help(2, 'Filas')], count: 1, hasMore: false });
        return json(200, { records: [help(1, 'Atendimento'), help(2, 'Filas')], count: 2, hasMore: false });
      },
      'GET /helps/list': () => json(200, [help(1, 'Atendimento'), help(2, 'Filas')]),
      'POST /helps': () => json(201, help(3, 'Conexões', 'aqz-KE-bpKQ')),
      'PUT /helps/2': () => json(200, help(2, 'Zap: filas')),
      'DELETE /helps/1': () => new Response(null, { status: 204 }),
    };
    const { api } = renderSignedIn(<Lists />, routes, { permissions: ['session:self', 'helps:read', 'helps:manage'] });
    await waitFor(() => expect(items('paged')).toEqual(['Atendimento', 'Filas']));
    await waitFor(() => expect(items('all')).toEqual(['Atendimento', 'Filas']));
    await waitFor(() => expect(items('searched')).toEqual(['Filas']));
    expect(searches.sort()).toEqual(['pageNumber=1', 'searchParam=fila&pageNumber=1']);

    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    // Sorted in where the whole collection is held; a searched list is only asked again.
    await waitFor(() => expect(items('paged')).toEqual(['Atendimento', 'Conexões', 'Filas']));
    expect(items('all')).toEqual(['Atendimento', 'Conexões', 'Filas']);
    expect(screen.getByText('count 3')).toBeInTheDocument();
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST')!.body)).toEqual({ title: 'Conexões', video: 'https://youtu.be/aqz-KE-bpKQ' });

    await userEvent.click(screen.getByRole('button', { name: 'rename' }));
    await waitFor(() => expect(items('paged')).toEqual(['Atendimento', 'Conexões', 'Zap: filas']));
    expect(items('all')).toEqual(['Atendimento', 'Conexões', 'Zap: filas']);

    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(items('paged')).toEqual(['Conexões', 'Zap: filas']));
    expect(items('all')).toEqual(['Conexões', 'Zap: filas']);
    expect(screen.getByText('count 2')).toBeInTheDocument();
    expect(screen.queryByText('failed')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/helps/list')).toHaveLength(1);
  });
});
