import { useT } from '../../../../i18n';
import { helpsTexts } from '../helps.texts';
import { Dialog } from '../../../../primitives/Dialog/Dialog';
import { youtubeEmbedUrl, youtubeWatchUrl, type Help } from '../help-rules';

export interface HelpVideoDialogProps {
  /** The video shown; null: closed. */
  help: Help | null;
  onClose: () => void;
}

/**
 * A help video in a modal: YouTube's privacy-enhanced player (no cookies until played), the title and description.
 * Escape, the close button or a click outside closes it, and the player with it.
 */
export function HelpVideoDialog({ help, onClose }: HelpVideoDialogProps) {
  const t = useT(helpsTexts);
  return (
    <Dialog title={help?.title ?? ''} isOpen={help !== null} onOpenChange={(open) => !open && onClose()} size="lg" className="atd-HelpVideo">
      {help && (
        <div className="atd-HelpVideo-body">
          <div className="atd-HelpVideo-frame">
            <iframe
              src={youtubeEmbedUrl(help.video)}
              title={t('helps.player', { title: help.title })}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
          {help.description && <p className="atd-HelpVideo-description">{help.description}</p>}
          <a className="atd-HelpVideo-link" href={youtubeWatchUrl(help.video)} target="_blank" rel="noreferrer noopener">
            {t('helps.openOnYoutube')}
          </a>
        </div>
      )}
    </Dialog>
  );
}
