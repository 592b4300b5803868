import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { ToastQueue } from 'react-stately/useToastState';
import { useT } from '../../i18n/locale-context';
import type { ToastContent, ToastKind } from './Toast';

// The toast region, loaded with the first toast (Toast.tsx, LazyToastRegion): a landmark whose toasts are announced;
// timers pause while the pointer or focus is in it.

export { ToastQueue };

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i', warning: '!' };

export function ToastRegion({ queue }: { queue: ToastQueue<ToastContent> }) {
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
