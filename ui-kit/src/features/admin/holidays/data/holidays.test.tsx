import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../../client';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { holidayMediaForm, useCreateHoliday, useDeleteHoliday, useDeleteHolidayMedia, useHolidays, useUpdateHoliday, useUploadHolidayMedia } from './holidays';

type Holiday = Schema<'HolidayDto'>;
const holiday = (over: Partial<Holiday> & Pick<Holiday, 'id' | 'name' | 'dateHoliday'>): Holiday => ({
  body: 'Sem atendimento hoje.',
  status: 'PENDENTE',
  sentAt: null,
  mediaPath: null,
  mediaName: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

const items = () =>
  within(screen.getByRole('list', { name: 'holidays' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

/** The unsearched list, with a button for each mutation. */
function Calendar() {
  const list = useHolidays();
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const remove = useDeleteHoliday();
  const upload = useUploadHolidayMedia();
  const dropMedia = useDeleteHolidayMedia();
  return (
    <>
      <ul aria-label="holidays">
        {list.data?.items.map((h) => (
          <li key={h.id}>{`${h.dateHoliday} ${h.name}${h.mediaName ? ` [${h.mediaName}]` : ''}`}</li>
        ))}
      </ul>
      <p>{list.hasNextPage ? 'more' : 'all'}</p>
      <button onClick={() => void list.fetchNextPage()}>next</button>
      <button onClick={() => create.mutate({ name: 'Tiradentes', dateHoliday: '2026-04-21', body: 'Feriado nacional.' })}>add</button>
      <button onClick={() => update.mutate({ id: 1, body: { dateHoliday: '2026-12-31' } })}>move</button>
      <button onClick={() => upload.mutate({ id: 2, file: new NodeFile(['png'], 'natal.png', { type: 'image/png' }) as unknown as File })}>attach</button>
      <button onClick={() => dropMedia.mutate(2)}>detach</button>
      <button onClick={() => remove.mutate(2)}>delete</button>
    </>
  );
}

describe('holiday hooks', () => {
  it('page GET /holidays by date and keep the cache in date order through create, update, media and delete', async () => {
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    const natal = holiday({ id: 2, name: 'Natal', dateHoliday: '2026-12-25' });
    const received: { name: string; type: string }[] = [];
    const routes: Routes = {
      'GET /holidays': (request) => {
        const page = Number(new URL(request.url).searchParams.get('pageNumber'));
        return page === 1
          ? json(200, { holidays: [holiday({ id: 1, name: 'Carnaval', dateHoliday: '2026-02-17' })], count: 2, hasMore: true })
          : json(200, { holidays: [natal], count: 2, hasMore: false });
      },
      'POST /holidays': async (request) => json(201, holiday({ id: 3, ...((await request.json()) as Pick<Holiday, 'name' | 'dateHoliday'>) })),
      'PUT /holidays/1': () => json(200, holiday({ id: 1, name: 'Carnaval', dateHoliday: '2026-12-31' })),
      'POST /holidays/2/media-upload': async (request) => {
        const file = (await request.formData()).get('file') as File;
        received.push({ name: file.name, type: file.type });
        return json(201, { ...natal, mediaName: file.name, mediaPath: 'h2.png' });
      },
      'DELETE /holidays/2/media-upload': () => json(200, natal),
      'DELETE /holidays/2': () => new Response(null, { status: 204 }),
    };
    const { api } = renderSignedIn(<Calendar />, routes);
    await waitFor(() => expect(items()).toEqual(['2026-02-17 Carnaval']));
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(screen.getByText('all')).toBeInTheDocument());
    expect(items()).toEqual(['2026-02-17 Carnaval', '2026-12-25 Natal']);

    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(items()).toEqual(['2026-02-17 Carnaval', '2026-04-21 Tiradentes', '2026-12-25 Natal']));
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST' && c.path === '/holidays')!.body)).toEqual({
      name: 'Tiradentes',
      dateHoliday: '2026-04-21',
      body: 'Feriado nacional.',
    });

    await userEvent.click(screen.getByRole('button', { name: 'move' }));
    await waitFor(() => expect(items()).toEqual(['2026-04-21 Tiradentes', '2026-12-25 Natal', '2026-12-31 Carnaval']));

    await userEvent.click(screen.getByRole('button', { name: 'attach' }));
    await waitFor(() => expect(items()).toContain('2026-12-25 Natal [natal.png]'));
    expect(received).toEqual([{ name: 'natal.png', type: 'image/png' }]);
    await userEvent.click(screen.getByRole('button', { name: 'detach' }));
    await waitFor(() => expect(items()).toContain('2026-12-25 Natal'));

    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(items()).toEqual(['2026-04-21 Tiradentes', '2026-12-31 Carnaval']));
    // Two pages read, nothing refetched: every change came from the answers.
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/holidays')).toHaveLength(2);
  });

  it('sends the image as the multipart field `file`', () => {
    const form = holidayMediaForm(new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    expect([...form.keys()]).toEqual(['file']);
    expect((form.get('file') as File).name).toBe('a.jpg');
  });
});
