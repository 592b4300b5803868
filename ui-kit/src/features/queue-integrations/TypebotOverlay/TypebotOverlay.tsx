import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQueueIntegrationOptions } from '../data/queue-integrations';
import { useT } from '../../../i18n';
import { queueIntegrationsTexts } from '../queue-integrations.texts';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { typebotFrontendUrl } from '../queue-integration-rules';

export interface TypebotOverlayViewProps {
  /** The front-end URL to show; null: a blank page (no typebot integration with one). */
  url: string | null;
  /** Closing (the console goes to /tickets). */
  onClose: () => void;
}

/**
 * Spec back-office §2: the integration overlay, a full-screen frame showing the front-end URL of the first typebot
 * integration (blank if none). A modal: the page behind is inert; the close button and Escape call `onClose`.
 */
export function TypebotOverlayView({ url, onClose }: TypebotOverlayViewProps) {
  const t = useT(queueIntegrationsTexts);
  return (
    <ModalOverlay className="atd-TypebotOverlay-backdrop" isOpen isDismissable={false} onOpenChange={(open) => !open && onClose()}>
      <Modal className="atd-TypebotOverlay">
        <Dialog className="atd-TypebotOverlay-dialog">
          <div className="atd-TypebotOverlay-bar">
            <Heading slot="title" className="atd-TypebotOverlay-title">
              {t('queueIntegrations.overlay.title')}
            </Heading>
            <IconButton icon="close" aria-label={t('queueIntegrations.overlay.close')} onPress={onClose} autoFocus />
          </div>
          {url ? (
            <iframe
              className="atd-TypebotOverlay-frame"
              src={url}
              title={t('queueIntegrations.overlay.title')}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            />
          ) : (
            <div className="atd-TypebotOverlay-frame" data-blank role="note" aria-label={t('queueIntegrations.overlay.empty')} />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface TypebotOverlayProps {
  onClose: () => void;
}

/** The typebot page (/typebot), connected: the first typebot integration's front-end URL (GET /queueIntegration). */
export function TypebotOverlay({ onClose }: TypebotOverlayProps) {
  const options = useQueueIntegrationOptions();
  return <TypebotOverlayView url={typebotFrontendUrl(options.data)} onClose={onClose} />;
}
