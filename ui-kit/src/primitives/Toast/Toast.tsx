import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastQueue } from 'react-stately/useToastState';
import { errorText } from '../../i18n/error-text';
import { useLocale } from '../../i18n/locale-context';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastContent {
  kind: ToastKind;
  message: string;
  description?: string;
  /** A button in the toast (e.g. 'Desfazer'): pressing it runs `onAction` and closes the toast. */
  action?: { label: string; onAction: () => void };
}

export interface ToastOptions {
  /** Milliseconds before it closes by itself; the spec's 2000 by default (3000 in some screens), 0 to stay. */
  timeout?: number;
  onClose?: () => void;
}

export interface ToastApi {
  show: (content: ToastContent, options?: ToastOptions) => string;
  success: (message: string, options?: ToastOptions) => string;
  error: (message: string, options?: ToastOptions) => string;
  info: (message: string, options?: ToastOptions) => string;
  warning: (message: string, options?: ToastOptions) => string;
  /** A failed call: its error code translated, else its raw text, else 'An error occurred!'. */
  toastError: (err: unknown, options?: ToastOptions) => string;
  close: (key: string) => void;
}

/** The spec's toast auto-close. */
export const TOAST_TIMEOUT_MS = 2000;

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  /** Default auto-close in ms (2000). */
  timeout?: number;
  /** How many toasts show at once (5). */
  maxVisibleToasts?: number;
  children?: ReactNode;
}

/**
 * Holds a toast queue and renders its region (a landmark whose toasts are announced; timers
 * pause while the pointer or focus is in it), whose code loads with the first toast. Every AtendeProvider has one; use it alone
 * around presentational widgets.
 */
export function ToastProvider({ timeout = TOAST_TIMEOUT_MS, maxVisibleToasts = 5, children }: ToastProviderProps) {
  const [queue] = useState(() => new DeferredToastQueue(maxVisibleToasts));
  const locale = useLocale();
  const api = useMemo<ToastApi>(() => {
    const show = (content: ToastContent, options: ToastOptions = {}) => queue.add(content, { timeout: options.timeout ?? timeout, onClose: options.onClose });
    const of = (kind: ToastKind) => (message: string, options?: ToastOptions) => show({ kind, message }, options);
    return {
      show,
      success: of('success'),
      error: of('error'),
      info: of('info'),
      warning: of('warning'),
      toastError: (err, options) => show({ kind: 'error', message: errorText(locale, err) }, options),
      close: (key) => queue.close(key),
    };
  }, [queue, timeout, locale]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <LazyToastRegion queue={queue} />
    </ToastContext.Provider>
  );
}

type RegionModule = typeof import('./ToastRegion');
type QueuedOptions = { timeout: number; onClose?: () => void };
let loadedRegion: RegionModule | undefined;
let loadingRegion: Promise<RegionModule> | undefined;

/**
 * Starts loading the toast region's code (react-aria's ToastRegion and ToastQueue, its landmark and its strings): a
 * page downloads it with its first toast, not before. The tests load it up front (src/test/setup.ts).
 */
export function preloadToastRegion(): Promise<RegionModule> {
  loadingRegion ??= import('./ToastRegion').then(
    (m) => (loadedRegion = m),
    (err: unknown) => {
      loadingRegion = undefined; // the next toast tries again
      throw err;
    },
  );
  return loadingRegion;
}

/**
 * react-aria's toast queue once its code is here; until then the toasts shown wait in a list of their own, under
 * keys of their own (close(key) works with either), and go into the queue in the order they came.
 */
class DeferredToastQueue {
  queue: ToastQueue<ToastContent> | undefined;
  private waiting: { key: string; content: ToastContent; options: QueuedOptions }[] = [];
  private keys = new Map<string, string>();
  private listeners = new Set<() => void>();

  constructor(private readonly maxVisibleToasts: number) {
    if (loadedRegion) this.attach(loadedRegion);
  }

  add(content: ToastContent, options: QueuedOptions): string {
    if (this.queue) return this.queue.add(content, options);
    const key = `_${Math.random().toString(36).slice(2)}`;
    this.waiting.push({ key, content, options });
    this.notify();
    // Offline: the toasts wait on; the next one tries again.
    preloadToastRegion().then(
      (module) => this.attach(module),
      () => undefined,
    );
    return key;
  }

  close(key: string): void {
    if (this.queue) return this.queue.close(this.keys.get(key) ?? key);
    const index = this.waiting.findIndex((toast) => toast.key === key);
    if (index < 0) return;
    this.waiting.splice(index, 1)[0].options.onClose?.();
    this.notify();
  }

  attach(module: RegionModule): void {
    if (this.queue) return;
    this.queue = new module.ToastQueue<ToastContent>({ maxVisibleToasts: this.maxVisibleToasts });
    for (const { key, content, options } of this.waiting) this.keys.set(key, this.queue.add(content, options));
    this.waiting = [];
    this.notify();
  }

  /** 'ready' once react-aria's queue holds the toasts; 'waiting' while a toast waits for its code. */
  readonly status = () => (this.queue ? 'ready' : this.waiting.length > 0 ? 'waiting' : 'idle');

  readonly subscribe = (onChange: () => void) => {
    this.listeners.add(onChange);
    return () => void this.listeners.delete(onChange);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The region as react-aria renders it, once there is a toast to show: with none, react-aria's ToastRegion renders
 * nothing either, so the page is the same (the toasts' timers start when they show).
 */
function LazyToastRegion({ queue }: { queue: DeferredToastQueue }) {
  const status = useSyncExternalStore(queue.subscribe, queue.status, () => 'idle');
  const Region = loadedRegion?.ToastRegion;
  return Region && status === 'ready' && queue.queue ? <Region queue={queue.queue} /> : null;
}

/** success / error / info / warning / toastError of the nearest ToastProvider (every AtendeProvider has one). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> or an <AtendeProvider> above it.');
  return api;
}
