import type { ReactNode } from 'react';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
  type TooltipTriggerComponentProps,
} from 'react-aria-components';

export interface TooltipProps extends Omit<TooltipTriggerComponentProps, 'children'> {
  /** What the tooltip says. */
  content: ReactNode;
  /** The trigger: a focusable kit or react-aria element (Button, IconButton...). */
  children: ReactNode;
  placement?: AriaTooltipProps['placement'];
}

/**
 * A tooltip on hover and keyboard focus (closes with Escape). It describes its trigger; it is
 * not a name: an IconButton still needs its aria-label.
 */
export function Tooltip({ content, children, placement = 'top', delay = 600, ...props }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} {...props}>
      {children}
      <AriaTooltip className="atd-Tooltip" placement={placement} offset={8}>
        <OverlayArrow className="atd-Tooltip-arrow">
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
