import { lazyMounted } from '../LazyOverlay/LazyOverlay';
import type { ConfirmationDialogProps } from './ConfirmationDialog';

/**
 * The ConfirmationDialog, opened by state (`isOpen`), whose code (with react-aria's Modal) loads when it first opens:
 * for screens that ask for a confirmation only after a click (see LazyMount in primitives/LazyOverlay).
 */
export const LazyConfirmationDialog = lazyMounted<ConfirmationDialogProps & { isOpen: boolean }>(() =>
  import('./ConfirmationDialog').then((m) => m.ConfirmationDialog),
);
