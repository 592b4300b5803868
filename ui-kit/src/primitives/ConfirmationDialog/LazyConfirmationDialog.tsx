import { lazy } from 'react';
import { LazyMount } from '../LazyOverlay/LazyOverlay';
import type { ConfirmationDialogProps } from './ConfirmationDialog';

const ConfirmationDialog = lazy(() => import('./ConfirmationDialog').then((m) => ({ default: m.ConfirmationDialog })));

/**
 * The ConfirmationDialog, opened by state (`isOpen`), whose code (with react-aria's Modal) loads when it first opens:
 * for screens that ask for a confirmation only after a click (see LazyMount in primitives/LazyOverlay).
 */
export function LazyConfirmationDialog(props: ConfirmationDialogProps & { isOpen: boolean }) {
  return (
    <LazyMount isOpen={props.isOpen}>
      <ConfirmationDialog {...props} />
    </LazyMount>
  );
}
