import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { errorText } from '../../i18n/error-text';
import { useLocale, useT } from '../../i18n/locale-context';

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
 * pause while the pointer or focus is in it). Every AtendeProvider has one; use it alone
 * around presentational widgets.
 */
export function ToastProvider({ timeout = TOAST_TIMEOUT_MS, maxVisibleToasts = 5, children }: ToastProviderProps) {
  const [queue] = useState(() => new ToastQueue<ToastContent>({ maxVisibleToasts }));
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
      <ToastRegion queue={queue} />
    </ToastContext.Provider>
  );
}

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i', warning: '!' };

function ToastRegion({ queue }: { queue: ToastQueue<ToastContent> }) {
  const t = useT();
  return (
    <AriaToastRegion queue={queue} className="atd-ToastRegion" aria-label={t('toast.region')}>
      {({ toast }) => (
        <AriaToast toast={toast} className="atd-Toast" data-kind={toast.content.kind}>
          <span className="atd-Toast-icon" aria-hidden="true">
            {ICONS[toast.content.kind]}
          </span>
          <AriaToastContent className="atd-Toast-content">
            <Text slot="title" className="atd-Toast-title">
              <span className="atd-visually-hidden">{t(`toast.${toast.content.kind}`)}: </span>
              {toast.content.message}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="atd-Toast-description">
                {toast.content.description}
              </Text>
            )}
          </AriaToastContent>
          {toast.content.action && (
            <AriaButton
              className="atd-Toast-action"
              onPress={() => {
                toast.content.action!.onAction();
                queue.close(toast.key);
              }}
            >
              {toast.content.action.label}
            </AriaButton>
          )}
          <AriaButton slot="close" className="atd-Toast-close" aria-label={t('toast.close')}>
            <span aria-hidden="true">×</span>
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}

/** success / error / info / warning / toastError of the nearest ToastProvider (every AtendeProvider has one). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> or an <AtendeProvider> above it.');
  return api;
}
