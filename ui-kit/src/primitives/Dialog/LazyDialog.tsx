import { lazyMounted } from '../LazyOverlay/LazyOverlay';
import type { DialogProps } from './Dialog';

/**
 * The kit's Dialog, opened by state (`isOpen`), whose code (react-aria's Modal, FocusScope, scroll lock) loads when it
 * first opens: for screens that show a dialog only on a click (see LazyMount in primitives/LazyOverlay).
 */
export const LazyDialog = lazyMounted<DialogProps & { isOpen: boolean }>(() => import('./Dialog').then((m) => m.Dialog));
