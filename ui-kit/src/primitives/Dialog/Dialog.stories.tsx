import type { Meta, StoryObj } from '@storybook/react-vite';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { TextField } from '../TextField/TextField';
import { Dialog, DialogTrigger } from './Dialog';

function Demo({ defaultOpen, size }: { defaultOpen?: boolean; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT();
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button>{t('userModal.title')}</Button>
      <Dialog
        title={t('userModal.title')}
        size={size}
        footer={({ close }) => (
          <>
            <Button variant="secondary" onPress={close}>
              {t('action.cancel')}
            </Button>
            <Button onPress={close}>{t('action.save')}</Button>
          </>
        )}
      >
        <div style={{ display: 'grid', gap: 'var(--atd-space-3)' }}>
          <TextField label={t('field.name')} defaultValue="Ana Souza" />
          <TextField label={t('field.email')} defaultValue="ana@example.com" />
        </div>
      </Dialog>
    </DialogTrigger>
  );
}

const meta = { title: 'Primitives/Dialog', component: Demo } satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = { args: { defaultOpen: true } };
export const Closed: Story = {};
