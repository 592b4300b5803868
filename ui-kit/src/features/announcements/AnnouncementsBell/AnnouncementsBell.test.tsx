import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '../../../shell/TopBar/TopBar';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { sampleAnnouncements } from '../announcement-story-data';
import { AnnouncementsBellList, useAnnouncementsBell } from './AnnouncementsBell';

configure({ asyncUtilTimeout: 5000 });

const active = sampleAnnouncements.filter((a) => a.status);

function BellBar() {
  const bell = useAnnouncementsBell();
  return (
    <TopBar
      userName="Ana"
      theme="light"
      onThemeChange={() => undefined}
      volume={1}
      onVolumeChange={() => undefined}
      onRefresh={() => undefined}
      onOpenProfile={() => undefined}
      onLogout={() => undefined}
      bells={[bell]}
    />
  );
}

const routes: Routes = {
  'GET /announcements': () => json(200, { records: active, count: active.length, hasMore: false }),
  'GET /announcements/3/media': () => new Response('PNG', { status: 200, headers: { 'Content-Type': 'image/png' } }),
};

describe('AnnouncementsBellList', () => {
  it('lists title, date, text and a priority mark; axe-clean', async () => {
    const { container } = render(
      <AtendeRoot>
        <AnnouncementsBellList announcements={active} fresh={new Set([3])} />
      </AtendeRoot>,
    );
    const list = screen.getByRole('list', { name: 'Avisos do sistema' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Manutenção programada', 'Novo relatório de atendimentos']);
    expect(within(items[0]).getByRole('img', { name: 'Prioridade 1' })).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('data-fresh');
    expect(items[1]).not.toHaveAttribute('data-fresh');
    expect(within(items[0]).getByText('manutencao.png')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it("says 'Nenhum aviso de sistema.' when there is none", () => {
    render(
      <AtendeRoot>
        <AnnouncementsBellList announcements={[]} />
      </AtendeRoot>,
    );
    expect(screen.getByText('Nenhum aviso de sistema.')).toBeInTheDocument();
  });
});

describe('useAnnouncementsBell', () => {
  // jsdom has no object URLs.
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:announcement-3');
  });
  afterEach(() => {
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
  });

  it('badges the unseen ones, clears on open (kept per user), and follows company-announcement live', async () => {
    const { socket, storage } = renderSignedIn(<BellBar />, routes, { id: 7, permissions: ['session:self'] });
    const bell = await screen.findByRole('button', { name: 'Avisos do sistema (2)' });
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Avisos do sistema' });
    expect(within(dialog).getByText('Manutenção programada')).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: 'Abrir manutencao.png' })).toHaveAttribute('target', '_blank');
    await expectNoA11yViolations(dialog);
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Avisos do sistema' })).toBeInTheDocument();
    expect(JSON.parse(storage.getItem('announcementsSeen:7')!)).toEqual([3, 2]);

    const fresh = { ...active[1], id: 50, title: 'Ao vivo', createdAt: '2026-11-25T00:00:00.000Z' };
    act(() => socket().serverEmit('company-announcement', { action: 'create', record: fresh }));
    expect(await screen.findByRole('button', { name: 'Avisos do sistema (1)' })).toBeInTheDocument();
    act(() => socket().serverEmit('company-announcement', { action: 'delete', id: 50 }));
    expect(await screen.findByRole('button', { name: 'Avisos do sistema' })).toBeInTheDocument();
  }, 30_000);
});
