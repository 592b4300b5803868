import type { DOMAttributes, ReactNode, RefObject } from 'react';
import {
  OverlayArrow,
  Provider,
  Tooltip as AriaTooltip,
  TooltipContext,
  TooltipTriggerStateContext,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components';
import type { TooltipTriggerState } from 'react-stately';

export interface TooltipBubbleProps {
  state: TooltipTriggerState;
  /** useTooltipTrigger's tooltipProps (the id the trigger's aria-describedby names, hover handlers). */
  tooltipProps: DOMAttributes<HTMLElement>;
  triggerRef: RefObject<HTMLElement | null>;
  placement: AriaTooltipProps['placement'];
  children: ReactNode;
}

/** Tooltip's bubble, loaded the first time it opens: the contexts TooltipTrigger would give, and the Tooltip. */
export function TooltipBubble({ state, tooltipProps, triggerRef, placement, children }: TooltipBubbleProps) {
  return (
    <Provider
      values={[
        [TooltipTriggerStateContext, state],
        [TooltipContext, { ...(tooltipProps as AriaTooltipProps), triggerRef }],
      ]}
    >
      <AriaTooltip className="atd-Tooltip" placement={placement} offset={8}>
        <OverlayArrow className="atd-Tooltip-arrow">
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {children}
      </AriaTooltip>
    </Provider>
  );
}
