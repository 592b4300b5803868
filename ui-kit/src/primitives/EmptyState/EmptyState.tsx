import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from '../Icon/Icon';

export interface EmptyStateProps {
  /** A kit icon name or any element ('inbox' by default; null for none). */
  icon?: IconName | ReactElement | null;
  title: string;
  description?: ReactNode;
  /** A call to action, e.g. a Button. */
  action?: ReactNode;
  /** Heading level of the title (3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** What a list or screen shows when it has nothing: icon, title, description and an action. */
export function EmptyState({ icon = 'inbox', title, description, action, headingLevel = 3, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={className ? `atd-EmptyState ${className}` : 'atd-EmptyState'}>
      {icon !== null && (
        <div className="atd-EmptyState-icon" aria-hidden="true">
          {typeof icon === 'string' ? <Icon name={icon} size="2.5rem" /> : icon}
        </div>
      )}
      <Heading className="atd-EmptyState-title">{title}</Heading>
      {description && <div className="atd-EmptyState-description">{description}</div>}
      {action && <div className="atd-EmptyState-action">{action}</div>}
    </div>
  );
}
