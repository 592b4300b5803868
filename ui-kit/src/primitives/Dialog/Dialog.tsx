import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  DialogTrigger as AriaDialogTrigger,
  Heading,
  Modal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
} from 'react-aria-components';
import { useT } from '../../i18n/locale-context';
import { IconButton } from '../IconButton/IconButton';

type Slot = ReactNode | ((helpers: { close: () => void }) => ReactNode);

export interface DialogProps {
  title: ReactNode;
  /** The body; a function gets `close`. */
  children?: Slot;
  /** Actions at the bottom (buttons); a function gets `close`. */
  footer?: Slot;
  /** Controlled; inside a DialogTrigger leave both out. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Close on a click outside (true). Escape always closes. */
  isDismissable?: boolean;
  /** Hide the close (×) button in the header. */
  hideCloseButton?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** 'alertdialog' for confirmations. */
  role?: AriaDialogProps['role'];
  className?: string;
}

const render = (slot: Slot | undefined, close: () => void) => (typeof slot === 'function' ? slot({ close }) : slot);

/**
 * A modal dialog: focus moves in and stays there, Escape closes it, focus returns to the
 * trigger. Use inside a DialogTrigger (after the trigger button) or controlled with isOpen.
 */
export function Dialog({
  title,
  children,
  footer,
  isOpen,
  onOpenChange,
  isDismissable = true,
  hideCloseButton = false,
  size = 'md',
  role,
  className,
}: DialogProps) {
  const t = useT();
  return (
    <ModalOverlay className="atd-ModalOverlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable}>
      <Modal className={className ? `atd-Modal ${className}` : 'atd-Modal'} data-size={size}>
        <AriaDialog className="atd-Dialog" role={role}>
          {({ close }) => (
            <>
              <header className="atd-Dialog-header">
                <Heading slot="title" className="atd-Dialog-title">
                  {title}
                </Heading>
                {!hideCloseButton && <IconButton icon="close" size="sm" aria-label={t('action.close')} onPress={close} />}
              </header>
              <div className="atd-Dialog-body">{render(children, close)}</div>
              {footer && <footer className="atd-Dialog-footer">{render(footer, close)}</footer>}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Pairs a trigger (a Button) with a Dialog: `<DialogTrigger><Button/><Dialog title>…</Dialog></DialogTrigger>`. */
export const DialogTrigger = AriaDialogTrigger;
