import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { Announcement } from '../announcement-rules';
import { sampleAnnouncements } from '../announcement-story-data';
import { Announcements } from './Announcements';

configure({ asyncUtilTimeout: 5000 });

type Permission = Schema<'Permission'>;
const SUPER = { profile: 'admin' as const, super: true, permissions: ['session:self', 'announcements:manage'] satisfies Permission[] };

/** An in-memory /announcements with the API's answers (newest first). */
function announcementsApi(initial: Announcement[] = sampleAnnouncements) {
  let rows = [...initial];
  let nextId = 100;
  const routes: Routes = {
    'GET /announcements': (request) => {
      const term = (new URL(request.url).searchParams.get('searchParam') ?? '').toLowerCase();
      const records = rows.filter((a) => a.title.toLowerCase().includes(term));
      return json(200, { records, count: records.length, hasMore: false });
    },
    'POST /announcements': async (request) => {
      const body = (await request.json()) as Partial<Announcement>;
      const row: Announcement = {
        ...sampleAnnouncements[1],
        id: nextId++,
        title: String(body.title),
        text: String(body.text),
        priority: body.priority ?? 3,
        status: body.status ?? true,
        createdAt: new Date().toISOString(),
      };
      rows = [row, ...rows];
      return json(201, row);
    },
    'POST /announcements/100/media-upload': () => {
      rows = rows.map((a) => (a.id === 100 ? { ...a, mediaName: 'aviso.png', mediaPath: 'an100-0123456789abcdef.png' } : a));
      return json(
        201,
        rows.find((a) => a.id === 100),
      );
    },
  };
  for (const a of rows) {
    routes[`DELETE /announcements/${a.id}`] = () => {
      rows = rows.filter((r) => r.id !== a.id);
      return new Response(null, { status: 204 });
    };
  }
  return { routes };
}

const socketOf = (socket: () => { serverEmit: (event: string, payload: unknown) => void }) => (payload: unknown) =>
  act(() => socket().serverEmit('company-announcement', payload));

describe('Announcements (connected)', () => {
  it('lists GET /announcements with the count; axe-clean', async () => {
    const { container } = renderSignedIn(<Announcements onNavigate={vi.fn()} />, announcementsApi().routes, SUPER);
    expect(await screen.findByRole('heading', { name: 'Informativos (3)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Manutenção programada/ })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  }, 30_000);

  it('creates with POST /announcements, then uploads the picked image', async () => {
    const { api } = renderSignedIn(<Announcements onNavigate={vi.fn()} />, announcementsApi([]).routes, SUPER);
    await screen.findByText('Nenhum informativo');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo informativo' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Manutenção');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Texto/ }), 'Domingo às 2h.');
    await userEvent.click(within(dialog).getByRole('button', { name: /Prioridade/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alta' }));
    await userEvent.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([0x89, 0x50])], 'aviso.png', { type: 'image/png' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/announcements/100/media-upload')).toBe(true));
    expect(JSON.parse(api.calls.find((c) => c.method === 'POST' && c.path === '/announcements')!.body)).toEqual({
      title: 'Manutenção',
      text: 'Domingo às 2h.',
      priority: 1,
      status: true,
    });
    const row = await screen.findByRole('row', { name: /^Manutenção/ });
    expect(within(row).getByText('Alta')).toBeInTheDocument();
    expect(await within(row).findByText('aviso.png')).toBeInTheDocument();
  }, 30_000);

  it('merges company-announcement events: create on top, update in place, delete out', async () => {
    const { socket } = renderSignedIn(<Announcements onNavigate={vi.fn()} />, announcementsApi().routes, SUPER);
    await screen.findByRole('heading', { name: 'Informativos (3)' });
    const emit = socketOf(socket);
    const fresh = { ...sampleAnnouncements[1], id: 9, title: 'Ao vivo', createdAt: '2026-11-25T12:00:00.000Z' };
    emit({ action: 'create', record: fresh });
    expect(await screen.findByRole('row', { name: /^Ao vivo/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toHaveAccessibleName(/^Ao vivo/);
    emit({ action: 'update', record: { ...fresh, status: false } });
    await waitFor(() => expect(within(screen.getByRole('row', { name: /^Ao vivo/ })).getByText('Inativo')).toBeInTheDocument());
    emit({ action: 'delete', id: 9 });
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Ao vivo/ })).toBeNull());
  }, 30_000);

  it("sends a non-super company to / a second after the spec's toast, reading nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onNavigate = vi.fn();
      const { api } = renderSignedIn(<Announcements onNavigate={onNavigate} />, announcementsApi().routes, { profile: 'admin', permissions: ['session:self'] });
      expect(
        await screen.findByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.', {
          selector: '[role="alert"] *, [role="alert"]',
        }),
      ).toBeInTheDocument();
      expect(onNavigate).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(onNavigate).toHaveBeenCalledWith('/');
      expect(onNavigate).toHaveBeenCalledTimes(1);
      expect(api.calls.filter((c) => c.path.startsWith('/announcements'))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);
});
