import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/locale-context';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';

export interface ConfirmationDialogProps {
  title: ReactNode;
  /** The question or consequence. */
  children?: ReactNode;
  /** Runs on confirm; the dialog closes when it resolves (and stays open, pending, while it runs). */
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' (default) for destructive actions. */
  variant?: 'danger' | 'primary';
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** The shared confirmation modal: an alertdialog with cancel and confirm buttons. */
export function ConfirmationDialog({
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  variant = 'danger',
  isOpen,
  onOpenChange,
}: ConfirmationDialogProps) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const confirmAndClose = async (close: () => void) => {
    setPending(true);
    try {
      await onConfirm();
      close();
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      title={title}
      role="alertdialog"
      size="sm"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!pending}
      footer={({ close }) => (
        <>
          <Button
            variant="secondary"
            isDisabled={pending}
            onPress={() => {
              onCancel?.();
              close();
            }}
          >
            {cancelLabel ?? t('action.cancel')}
          </Button>
          <Button variant={variant} isPending={pending} autoFocus onPress={() => void confirmAndClose(close)}>
            {confirmLabel ?? t('action.confirm')}
          </Button>
        </>
      )}
    >
      {children}
    </Dialog>
  );
}
