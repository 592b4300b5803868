import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionDto } from '../features/connections/story-data';
import { json } from '../test/provider-fakes';
import { renderSignedIn } from '../test/signed-in';
import type { Permission } from '../client';
import { AtendeShell } from './AtendeShell';

const ADMIN: Permission[] = ['session:self', 'drawer-admin-items:view', 'dashboard:view'];
/** The drawer evaluates badges 2 s after it mounts (spec administration §2). */
const BADGE_WAIT = { timeout: 4000 };

describe("AtendeShell: the drawer's connections badge from the live connection list", () => {
  it('reads GET /whatsapp itself and follows whatsappSession events', async () => {
    const connected = connectionDto({ id: 1, name: 'Atendimento', status: 'CONNECTED' });
    const { emit, api } = renderSignedIn(
      <AtendeShell currentPath="/" width={1300} />,
      { 'GET /whatsapp': () => json(200, [connected]) },
      { permissions: ADMIN },
    );

    const link = await screen.findByRole('link', { name: 'Conexões' });
    await waitFor(() => expect(api.calls.some((c) => c.method === 'GET' && c.path === '/whatsapp')).toBe(true));
    // Every connection connected: no badge, even once the drawer evaluates it.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(link).toHaveAccessibleName('Conexões');
    expect(screen.queryByText('!')).not.toBeInTheDocument();

    emit('whatsappSession', { action: 'update', session: { ...connected, status: 'DISCONNECTED', updatedAt: new Date().toISOString() } });
    expect(await screen.findByRole('link', { name: 'Conexões, conexões precisam de atenção' }, BADGE_WAIT)).toBeInTheDocument();

    emit('whatsappSession', { action: 'update', session: { ...connected, status: 'CONNECTED', updatedAt: new Date(Date.now() + 1000).toISOString() } });
    await waitFor(() => expect(screen.queryByText('!')).not.toBeInTheDocument());
  }, 10_000);

  it('a user without the admin items neither reads the connections nor shows the badge', async () => {
    const { api } = renderSignedIn(<AtendeShell currentPath="/tickets" width={1300} />, {
      'GET /whatsapp': () => json(200, [connectionDto({ status: 'DISCONNECTED' })]),
    });
    await screen.findByRole('link', { name: 'Contatos' });
    expect(screen.queryByRole('link', { name: /^Conexões/ })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/whatsapp')).toBe(false);
  });

  it('statuses given by the host win over the fetched list', async () => {
    const { api } = renderSignedIn(<AtendeShell currentPath="/" width={1300} connectionStatuses={['qrcode']} />, {}, { permissions: ADMIN });
    expect(await screen.findByRole('link', { name: 'Conexões, conexões precisam de atenção' }, BADGE_WAIT)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/whatsapp')).toBe(false);
  });
});
