import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { IconButton } from './IconButton';

function Row() {
  const t = useT();
  return (
    <div style={{ display: 'flex', gap: 'var(--atd-space-2)', alignItems: 'center' }}>
      <IconButton icon="edit" aria-label={t('action.save')} />
      <IconButton icon="add" variant="primary" aria-label={t('action.send')} />
      <IconButton icon="delete" variant="danger" aria-label={t('action.delete')} />
      <IconButton icon="more" size="sm" aria-label={t('action.more')} />
      <IconButton icon="close" isDisabled aria-label={t('action.close')} />
      <span>{t('action.more')}</span>
    </div>
  );
}

const meta = { title: 'Primitives/IconButton', component: Row } satisfies Meta<typeof Row>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {};
