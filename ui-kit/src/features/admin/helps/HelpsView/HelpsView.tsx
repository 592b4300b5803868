import { useId } from 'react';
import { useT } from '../../../../i18n';
import { helpsTexts } from '../helps.texts';
import { Button } from '../../../../primitives/Button/Button';
import { EmptyState } from '../../../../primitives/EmptyState/EmptyState';
import { LoadFailed } from '../../../../primitives/EmptyState/LoadFailed';
import { Spinner } from '../../../../primitives/Spinner/Spinner';
import { TextField } from '../../../../primitives/TextField/TextField';
import { type Help } from '../help-rules';
import { VideoThumbnail } from '../VideoThumbnail';

export interface HelpsViewProps {
  /** The help videos to show (GET /helps/list, by title); undefined until the first answer. */
  helps: Help[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** Opens a video (the connected page shows HelpVideoDialog). */
  onOpen: (help: Help) => void;
  /** The search box's text; left out, no search box. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** Shown beside the title for who may manage the videos ('Gerenciar vídeos'). */
  onManage?: () => void;
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
}

/** A card's still; a missing one (offline, a removed video) leaves the play mark on the card's own colour. */
function Thumbnail({ video }: { video: string }) {
  return (
    <span className="atd-Helps-thumb" aria-hidden="true">
      <VideoThumbnail key={video} video={video} />
      <span className="atd-Helps-play">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </span>
    </span>
  );
}

/**
 * The help page (spec administration §2, 'Helps'): a grid of video cards (thumbnail, title, description cut after a
 * few lines); a card opens its video. Search, empty, no-results, loading and error states.
 */
export function HelpsView({ helps, isLoading, isError = false, onReload, onOpen, search, onSearchChange, onManage, headingLevel = 2 }: HelpsViewProps) {
  const t = useT(helpsTexts);
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const CardHeading = `h${Math.min(headingLevel + 1, 6)}` as 'h2' | 'h3' | 'h4';
  const searching = (search ?? '').trim() !== '';

  let body;
  if (isError && !helps) {
    body = <LoadFailed title={t('helps.loadError')} onRetry={onReload} />;
  } else if (!helps) {
    body = isLoading ? (
      <div className="atd-Helps-loading">
        <Spinner />
      </div>
    ) : null;
  } else if (helps.length === 0) {
    body = searching ? (
      <EmptyState icon="search" title={t('helps.noResults.title')} description={t('helps.noResults.description')} />
    ) : (
      <EmptyState icon="inbox" title={t('helps.empty.title')} description={t('helps.empty.description')} />
    );
  } else {
    body = (
      <ul className="atd-Helps-grid" aria-label={t('helps.grid.label')}>
        {helps.map((help) => (
          <li key={help.id} className="atd-Helps-card">
            <Thumbnail video={help.video} />
            <div className="atd-Helps-cardBody">
              <CardHeading className="atd-Helps-cardTitle">
                {/* The whole card is the button's target (::after), its name the title. */}
                <button type="button" className="atd-Helps-open" aria-label={t('helps.watch', { title: help.title })} onClick={() => onOpen(help)}>
                  {help.title}
                </button>
              </CardHeading>
              {help.description && (
                <p className="atd-Helps-cardText" title={help.description}>
                  {help.description}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="atd-Helps" aria-labelledby={titleId} aria-busy={isLoading && !helps ? true : undefined}>
      <header className="atd-Helps-header">
        <div className="atd-Helps-heading">
          <Heading id={titleId} className="atd-Helps-title">
            {t('helps.title')}
          </Heading>
          <p className="atd-Helps-subtitle">{t('helps.description')}</p>
        </div>
        <div className="atd-Helps-toolbar">
          {onSearchChange && (
            <TextField
              type="search"
              label={t('helps.search')}
              placeholder={t('helps.searchPlaceholder')}
              value={search ?? ''}
              onChange={onSearchChange}
              className="atd-Helps-search"
            />
          )}
          {onManage && (
            <Button variant="secondary" onPress={onManage}>
              {t('helps.manage')}
            </Button>
          )}
        </div>
      </header>
      {body}
    </section>
  );
}
