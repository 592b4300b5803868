import { ProgressBar } from 'react-aria-components';
import { useT } from '../../i18n/locale-context';

export interface SpinnerProps {
  /** What is loading, read by assistive technology ('Carregando...' by default). */
  label?: string;
  /** Also show the label next to the spinner. */
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** An indeterminate progress indicator with an accessible name. */
export function Spinner({ label, showLabel = false, size = 'md', className }: SpinnerProps) {
  const t = useT();
  const text = label ?? t('status.loading');
  return (
    <ProgressBar isIndeterminate aria-label={text} className={className ? `atd-Spinner ${className}` : 'atd-Spinner'} data-size={size}>
      <span className="atd-Spinner-circle" aria-hidden="true" />
      {showLabel && <span className="atd-Spinner-label">{text}</span>}
    </ProgressBar>
  );
}
