import { useT } from '../../i18n';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

export interface LoadFailedProps {
  /** What could not be loaded ('Não foi possível carregar os usuários.'). */
  title: string;
  description?: string;
  /** Loads again; without it there is no button. */
  onRetry?: () => void;
  /** Heading level of the title (3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** What a list or panel shows when it could not be loaded: the reason and 'Tentar de novo'. */
export function LoadFailed({ title, description, onRetry, headingLevel, className }: LoadFailedProps) {
  const t = useT();
  return (
    <EmptyState
      icon="info"
      title={title}
      description={description}
      headingLevel={headingLevel}
      className={className}
      action={
        onRetry && (
          <Button variant="secondary" onPress={onRetry}>
            {t('action.retry')}
          </Button>
        )
      }
    />
  );
}
