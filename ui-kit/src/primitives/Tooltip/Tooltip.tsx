import { lazy, useRef, type ReactNode } from 'react';
import { FocusableProvider } from 'react-aria/private/interactions/useFocusable';
import { useTooltipTrigger } from 'react-aria/useTooltipTrigger';
import type { TooltipProps as AriaTooltipProps, TooltipTriggerComponentProps } from 'react-aria-components';
import { useTooltipTriggerState } from 'react-stately/useTooltipTriggerState';
import { LazyMount } from '../LazyOverlay/LazyOverlay';

// The bubble (react-aria's Tooltip and its overlay positioning) loads the first time a tooltip opens.
const TooltipBubble = lazy(() => import('./TooltipBubble').then((m) => ({ default: m.TooltipBubble })));

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
 *
 * What react-aria-components' TooltipTrigger does, with the bubble loaded on demand: the trigger's hover, focus and
 * Escape handling are here from the start (useTooltipTrigger, given to the trigger through FocusableProvider as
 * TooltipTrigger does), the bubble's code (react-aria's Tooltip, overlay positioning) loads the first time it opens.
 * The trigger is never remounted, so it keeps focus.
 */
export function Tooltip({ content, children, placement = 'top', delay = 600, ...props }: TooltipProps) {
  const state = useTooltipTriggerState({ delay, ...props });
  const ref = useRef<HTMLElement>(null);
  const { triggerProps, tooltipProps } = useTooltipTrigger({ delay, ...props }, state, ref);
  return (
    <>
      <FocusableProvider {...triggerProps} ref={ref}>
        {children}
      </FocusableProvider>
      <LazyMount isOpen={state.isOpen}>
        <TooltipBubble state={state} tooltipProps={tooltipProps} triggerRef={ref} placement={placement}>
          {content}
        </TooltipBubble>
      </LazyMount>
    </>
  );
}
