import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { ToastProvider, useToast, type ToastKind } from './Toast';

function Demo({ kinds, open }: { kinds: ToastKind[]; open?: boolean }) {
  const toast = useToast();
  const t = useT();
  const texts: Record<ToastKind, string> = {
    success: t('session.loginSuccess'),
    error: t('ERR_NO_PERMISSION'),
    info: t('status.loading'),
    warning: t('session.subscriptionEnding', { count: 3 }),
  };
  useEffect(() => {
    // Stories show the toasts without a click; they stay until closed.
    if (open) for (const kind of kinds) toast[kind](texts[kind], { timeout: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div style={{ display: 'flex', gap: 'var(--atd-space-2)', flexWrap: 'wrap' }}>
      {kinds.map((kind) => (
        <Button key={kind} variant="secondary" onPress={() => toast[kind](texts[kind])}>
          {kind}
        </Button>
      ))}
      <Button variant="danger" onPress={() => toast.toastError({ error: 'ERR_OTHER_OPEN_TICKET', message: '' })}>
        toastError
      </Button>
    </div>
  );
}

const meta = {
  title: 'Primitives/Toast',
  component: Demo,
  args: { kinds: ['success', 'error', 'info', 'warning'], open: true },
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllKinds: Story = {};
export const Buttons: Story = { args: { open: false } };
