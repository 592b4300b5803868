import { lazy } from 'react';
import { LazyMount } from '../LazyOverlay/LazyOverlay';
import type { DialogProps } from './Dialog';

const Dialog = lazy(() => import('./Dialog').then((m) => ({ default: m.Dialog })));

/**
 * The kit's Dialog, opened by state (`isOpen`), whose code (react-aria's Modal, FocusScope, scroll lock) loads when it
 * first opens: for screens that show a dialog only on a click (see LazyMount in primitives/LazyOverlay).
 */
export function LazyDialog(props: DialogProps & { isOpen: boolean }) {
  return (
    <LazyMount isOpen={props.isOpen}>
      <Dialog {...props} />
    </LazyMount>
  );
}
