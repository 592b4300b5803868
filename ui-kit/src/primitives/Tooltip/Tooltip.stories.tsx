import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { Tooltip } from './Tooltip';

function Demo({ isOpen }: { isOpen?: boolean }) {
  const t = useT();
  return (
    <div style={{ paddingTop: 48 }}>
      <Tooltip content={t('ERR_NO_PERMISSION')} isOpen={isOpen}>
        <Button>{t('action.send')}</Button>
      </Tooltip>
    </div>
  );
}

const meta = { title: 'Primitives/Tooltip', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = { args: { isOpen: true } };
export const OnHover: Story = {};
