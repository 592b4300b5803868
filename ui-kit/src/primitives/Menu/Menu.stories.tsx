import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from './Menu';

function Demo({ defaultOpen }: { defaultOpen?: boolean }) {
  const t = useT();
  return (
    <div style={{ minHeight: 200, display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}>
      <MenuTrigger defaultOpen={defaultOpen}>
        <Button variant="secondary">{t('topbar.userMenu')}</Button>
        <Menu aria-label={t('topbar.userMenu')}>
          <MenuItem id="profile" icon="edit">
            {t('topbar.profile')}
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="logout" icon="close" variant="danger">
            {t('topbar.logout')}
          </MenuItem>
        </Menu>
      </MenuTrigger>
    </div>
  );
}

const meta = { title: 'Primitives/Menu', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = { args: { defaultOpen: true } };
export const Closed: Story = {};
