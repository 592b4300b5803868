import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { ConfirmationDialog } from './ConfirmationDialog';

function Demo() {
  const t = useT();
  return (
    <ConfirmationDialog isOpen title={`${t('action.delete')}?`} onConfirm={() => undefined}>
      {t('ERR_PLAN_IN_USE')}
    </ConfirmationDialog>
  );
}

const meta = { title: 'Primitives/ConfirmationDialog', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
