import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

function Translated({ withAction }: { withAction?: boolean }) {
  const t = useT();
  return (
    <EmptyState
      title={t('table.empty')}
      description={t('empty.title')}
      action={withAction ? <Button variant="secondary">{t('action.send')}</Button> : undefined}
    />
  );
}

const meta = { title: 'Primitives/EmptyState', component: Translated } satisfies Meta<typeof Translated>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {};
export const WithAction: Story = { args: { withAction: true } };
