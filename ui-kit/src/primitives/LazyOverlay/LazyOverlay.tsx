import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type DOMAttributes,
  type LazyExoticComponent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import type { AriaButtonProps } from 'react-aria';
import { useId } from 'react-aria/useId';
import { useMenuTrigger } from 'react-aria/useMenu';
import { useOverlayTrigger } from 'react-aria/useOverlayTrigger';
import { PressResponder } from 'react-aria/private/interactions/PressResponder';
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import type { TriggerContextsProps } from './trigger-contexts';

/**
 * Overlays that load on demand, so a screen's first download carries its triggers but not what they open (react-aria's
 * Menu, Popover, FocusScope, overlay positioning, the overlay's own content).
 *
 * - `lazyOverlay(() => import('./X').then((m) => m.X))`: a React.lazy component with a `preload()` that starts the
 *   download (called on the trigger's hover and focus, so a click rarely waits). Define it at module level.
 * - `<LazyMenuTrigger overlay={<X … />}><IconButton aria-label="…" /></LazyMenuTrigger>`: X renders the kit's `<Menu>`
 *   (its items, onAction) exactly as it would inside a MenuTrigger. The trigger is rendered at once, with react-aria's
 *   menu-trigger behaviour (aria-haspopup, aria-expanded, Enter, Space, ArrowDown and ArrowUp open it with focus on the
 *   first or last item); the menu's module loads on the first hover, focus or press, and the menu shows once it is in.
 *   The trigger is never remounted, so focus goes back to it when the menu closes.
 * - `<LazyPopoverTrigger overlay={<X … />}><Button>…</Button></LazyPopoverTrigger>`: the same for a `<Popover>` (a
 *   non-modal dialog), like DialogTrigger.
 * - `<LazyMount isOpen={open}><X isOpen={open} … /></LazyMount>`: for a dialog opened by state (a ConfirmationDialog,
 *   an image viewer) whose component is `lazy(...)`: nothing is rendered until it first opens; it then stays mounted,
 *   so its exit animation runs and focus returns to what opened it.
 *
 * The trigger's accessible name is its own (aria-label or text) from the start. The contexts react-aria-components'
 * MenuTrigger and DialogTrigger give their overlay are provided by trigger-contexts.tsx, loaded with the overlay.
 */
export type LazyOverlayComponent<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

export function lazyOverlay<P>(load: () => Promise<ComponentType<P>>): LazyOverlayComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}

// PressResponder hands every prop to the pressable element inside it (react-aria-components' MenuTrigger passes the
// trigger's id and aria-* through it the same way); its type names only the press events.
const Responder = PressResponder as unknown as ComponentType<
  AriaButtonProps & DOMAttributes<HTMLElement> & { id?: string; ref: Ref<HTMLButtonElement>; isPressed: boolean; children: ReactNode }
>;

const loadContexts = () => import('./trigger-contexts');
const TriggerContexts = lazy(() => loadContexts().then((m) => ({ default: m.TriggerContexts })));

/** Starts loading the contexts and the overlay's module (its `preload`, when a lazyOverlay). Stable per overlay type. */
function usePreload(overlay: ReactElement, isOpen: boolean) {
  const type = overlay.type as { preload?: () => Promise<unknown> };
  const preload = useCallback(() => {
    // A failure here surfaces when the overlay renders (LoadFailed); a hover's prefetch alone reports nothing.
    loadContexts().catch(() => undefined);
    type.preload?.().catch(() => undefined);
  }, [type]);
  // Opened without a hover or focus first (a test, a controlled open): both modules load at once, not one after the other.
  useEffect(() => {
    if (isOpen) preload();
  }, [isOpen, preload]);
  return preload;
}

export interface LazyTriggerProps {
  /** The trigger: a kit Button or IconButton (anything pressable by react-aria), with its accessible name. */
  children: ReactElement;
  /** The overlay, a `lazyOverlay` (or React.lazy) component rendering the kit's Menu or Popover. */
  overlay: ReactElement;
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** Mounts the overlay from its first opening on, while loading shows nothing, then stays mounted (exit animations). */
function useOpenedOnce(isOpen: boolean) {
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened || isOpen;
}

/**
 * An overlay whose code failed to download (the network dropped) shows nothing, and its trigger closes, rather than
 * taking the screen around it down; React reports the error to the console as for any caught error.
 */
class LoadFailed extends Component<{ onFail?: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail?.();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Overlay({ contexts, children }: { contexts: TriggerContextsProps['value']; children: ReactNode }) {
  return (
    <LoadFailed onFail={() => contexts.state.close()}>
      <Suspense fallback={null}>
        <TriggerContexts value={contexts}>{children}</TriggerContexts>
      </Suspense>
    </LoadFailed>
  );
}

/** A menu trigger rendered at once whose Menu loads on demand (see the top of this file). */
export function LazyMenuTrigger({ children, overlay, ...props }: LazyTriggerProps) {
  const state = useMenuTriggerState(props);
  const ref = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: 'menu' }, state, ref);
  const preload = usePreload(overlay, state.isOpen);
  const mounted = useOpenedOnce(state.isOpen);
  return (
    <>
      <Responder {...menuTriggerProps} onPointerEnter={preload} onFocus={preload} ref={ref} isPressed={state.isOpen}>
        {children}
      </Responder>
      {mounted && <Overlay contexts={{ kind: 'menu', state, triggerRef: ref, menuProps }}>{overlay}</Overlay>}
    </>
  );
}

/** A popover trigger (like DialogTrigger) rendered at once whose Popover loads on demand (see the top of this file). */
export function LazyPopoverTrigger({ children, overlay, ...props }: LazyTriggerProps) {
  // react-aria-components' DialogTrigger uses the menu trigger's state too (a menu inside the dialog closes with it).
  const state = useMenuTriggerState(props);
  const ref = useRef<HTMLButtonElement>(null);
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: 'dialog' }, state, ref);
  // As DialogTrigger: the trigger names the dialog when the dialog has no title or label of its own.
  const triggerId = useId();
  const preload = usePreload(overlay, state.isOpen);
  const mounted = useOpenedOnce(state.isOpen);
  return (
    <>
      <Responder {...triggerProps} id={triggerId} onPointerEnter={preload} onFocus={preload} ref={ref} isPressed={state.isOpen}>
        {children}
      </Responder>
      {mounted && (
        <Overlay contexts={{ kind: 'dialog', state, triggerRef: ref, overlayProps: { ...overlayProps, 'aria-labelledby': triggerId } }}>{overlay}</Overlay>
      )}
    </>
  );
}

/** Renders its (lazy) children from the first time `isOpen` is true on, for dialogs opened by state. */
export function LazyMount({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const mounted = useOpenedOnce(isOpen);
  return mounted ? (
    <LoadFailed>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadFailed>
  ) : null;
}

/**
 * A dialog opened by state (`isOpen`) whose module loads when it first opens: `load` imports the component, the
 * result takes the same props and renders it inside a LazyMount. Define it at module level.
 */
export function lazyMounted<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const Component = lazy(() => load().then((component) => ({ default: component })));
  return function LazyMounted(props: P) {
    return (
      <LazyMount isOpen={props.isOpen}>
        <Component {...props} />
      </LazyMount>
    );
  };
}
