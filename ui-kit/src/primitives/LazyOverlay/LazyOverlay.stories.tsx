import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { Menu, MenuItem, MenuSeparator } from '../Menu/Menu';
import { LazyMenuTrigger, lazyOverlay } from './LazyOverlay';

function UserMenu() {
  const t = useT();
  return (
    <Menu aria-label={t('topbar.userMenu')}>
      <MenuItem id="profile" icon="edit">
        {t('topbar.profile')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem id="logout" icon="close" variant="danger">
        {t('topbar.logout')}
      </MenuItem>
    </Menu>
  );
}

// In an app the overlay is `lazyOverlay(() => import('./UserMenu').then((m) => m.UserMenu))`; here a short wait stands
// for the download.
const LazyUserMenu = lazyOverlay(() => new Promise<typeof UserMenu>((resolve) => setTimeout(() => resolve(UserMenu), 300)));

/** The trigger renders at once; the menu's code loads on its first hover, focus or press. */
function Demo() {
  const t = useT();
  return (
    <div style={{ minHeight: 200, display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}>
      <LazyMenuTrigger overlay={<LazyUserMenu />}>
        <Button variant="secondary">{t('topbar.userMenu')}</Button>
      </LazyMenuTrigger>
    </div>
  );
}

const meta = { title: 'Primitives/LazyOverlay', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MenuOnDemand: Story = {};
