import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { Popover, PopoverTrigger } from './Popover';

function Demo({ defaultOpen }: { defaultOpen?: boolean }) {
  const t = useT();
  return (
    <div style={{ minHeight: 200 }}>
      <PopoverTrigger defaultOpen={defaultOpen}>
        <Button variant="secondary">{t('topbar.bell.announcements')}</Button>
        <Popover aria-label={t('topbar.bell.announcements')} placement="bottom start" showArrow>
          <p style={{ margin: 0 }}>{t('empty.title')}</p>
        </Popover>
      </PopoverTrigger>
    </div>
  );
}

const meta = { title: 'Primitives/Popover', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = { args: { defaultOpen: true } };
export const Closed: Story = {};
