import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { expectNoA11yViolations } from '../../test/a11y';
import { drawerSections, connectionsNeedAttention, type DrawerAccess } from '../drawer-items';
import { Drawer, DRAWER_BADGE_DELAY_MS, type DrawerProps } from './Drawer';

const ALL_FEATURES = {
  useCampaigns: true,
  useExternalApi: true,
  useIntegrations: true,
  useInternalChat: true,
  useKanban: true,
  useOpenAi: true,
  useSchedules: true,
};
const admin: DrawerAccess = { permissions: ['drawer-admin-items:view', 'dashboard:view'], super: false, features: ALL_FEATURES };
const attendant: DrawerAccess = { permissions: ['session:self'], super: false, features: ALL_FEATURES };

const navigate = vi.fn();

function renderDrawer(props: Partial<DrawerProps> & { access?: DrawerAccess } = {}) {
  const { access = attendant, ...rest } = props;
  return render(
    <AtendeRoot>
      <RouterProvider navigate={navigate}>
        <Drawer sections={drawerSections(access)} currentPath="/tickets" isOpen onOpenChange={() => {}} variant="permanent" {...rest} />
      </RouterProvider>
    </AtendeRoot>,
  );
}

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('drawerSections', () => {
  it('gives attendants the attendance items only, plan items by plan flag', () => {
    const names = drawerSections({ ...attendant, features: {} }).flatMap((s) => s.items.map((i) => i.href));
    expect(names).toEqual(['/tickets', '/quick-messages', '/todolist', '/contacts', '/tags', '/helps']);
  });

  it('adds the admin group from the session permission, campaigns only by plan AND cshow', () => {
    const all = (access: Parameters<typeof drawerSections>[0]) => drawerSections(access).flatMap((s) => s.items.map((i) => i.href));
    const campaignItems = ['/campaigns', '/contact-lists', '/campaigns-config', '/files'];
    const withBoth = all({ ...admin, campaignsShown: true });
    expect(withBoth).toEqual(expect.arrayContaining(['/', ...campaignItems, '/connections', '/queues', '/users', '/financeiro', '/settings', '/messages-api']));
    const noFlag = all(admin);
    for (const href of campaignItems) expect(noFlag).not.toContain(href);
    expect(noFlag).toContain('/messages-api');
    const noPlan = all({ ...admin, features: {} });
    expect(noPlan).not.toContain('/campaigns');
    expect(noPlan).not.toContain('/messages-api');
    // A trial company (sign-up sets campaignsEnabled) on a plan without campaigns: no item that dead-ends.
    const trialWithoutCampaigns = all({ ...admin, features: { ...admin.features, useCampaigns: false }, campaignsShown: true });
    for (const href of campaignItems) expect(trialWithoutCampaigns).not.toContain(href);
  });

  it('shows the embed keys to who may manage them (company admins), in the admin group', () => {
    const items = (access: DrawerAccess) => drawerSections(access).flatMap((s) => s.items);
    const withKeys = items({ ...admin, permissions: [...admin.permissions, 'embed-keys:manage'] });
    expect(withKeys.find((i) => i.href === '/embed-keys')).toEqual({ href: '/embed-keys', labelKey: 'nav.embedKeys', icon: 'key' });
    expect(items(admin).some((i) => i.href === '/embed-keys')).toBe(false);
  });

  it('shows announcements to super users only', () => {
    expect(drawerSections({ ...attendant, super: true }).at(-1)?.items[0].href).toBe('/announcements');
    expect(
      drawerSections(admin)
        .flatMap((s) => s.items)
        .some((i) => i.href === '/announcements'),
    ).toBe(false);
  });

  it('flags connections that need attention', () => {
    expect(connectionsNeedAttention(['CONNECTED', 'qrcode'])).toBe(true);
    expect(connectionsNeedAttention(['CONNECTED'])).toBe(false);
  });
});

describe('Drawer', () => {
  afterEach(() => vi.useRealTimers());

  it('lists an attendant’s items and marks the current page', async () => {
    const { container } = renderDrawer();
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Atendimentos' })).toHaveAttribute('aria-current', 'page');
    expect(linkNames()).not.toContain('Conexões');
    expect(screen.queryByRole('heading', { name: 'Administração' })).not.toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('shows the admin group to admins', async () => {
    const { container } = renderDrawer({ access: admin, currentPath: '/' });
    expect(screen.getByRole('heading', { name: 'Administração' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Conexões' })).toHaveAttribute('href', '/connections');
    await expectNoA11yViolations(container);
  });

  it('collapses to an icon rail whose links keep their names', async () => {
    const onOpenChange = vi.fn();
    renderDrawer({ isOpen: false, onOpenChange });
    expect(screen.getByRole('link', { name: 'Contatos' })).toBeInTheDocument();
    expect(screen.getByText('Contatos')).toHaveClass('atd-visually-hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });

  it('shows the chat dot and the connections badge only after 2 seconds', () => {
    vi.useFakeTimers();
    renderDrawer({ access: admin, badges: { unreadChats: true, connectionsAttention: true } });
    expect(screen.getByRole('link', { name: 'Conexões' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(DRAWER_BADGE_DELAY_MS - 1);
    });
    expect(screen.queryByText('!')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('link', { name: 'Conexões, conexões precisam de atenção' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat interno, mensagens não lidas' })).toBeInTheDocument();
    expect(screen.getByText('!')).toBeInTheDocument();
  });

  it('as a temporary overlay, closes after choosing an item', async () => {
    const onOpenChange = vi.fn();
    renderDrawer({ variant: 'temporary', onOpenChange });
    const dialog = screen.getByRole('dialog', { name: 'Navegação principal' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Contatos' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(navigate).toHaveBeenCalledWith('/contacts', undefined);
  });

  it('as a temporary overlay, renders nothing while closed', () => {
    renderDrawer({ variant: 'temporary', isOpen: false });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
