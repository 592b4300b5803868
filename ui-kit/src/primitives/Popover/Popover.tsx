import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  DialogTrigger,
  OverlayArrow,
  Popover as AriaPopover,
  composeRenderProps,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';

export interface PopoverProps extends Omit<AriaPopoverProps, 'children'> {
  children: ReactNode;
  /** The popover's accessible name, when it has no Heading slot="title" inside. */
  'aria-label'?: string;
  showArrow?: boolean;
}

/**
 * Non-modal content anchored to a trigger, as a dialog (focus moves in, Escape and outside
 * clicks close it). Put it inside a PopoverTrigger after the trigger button.
 */
export function Popover({ children, 'aria-label': ariaLabel, showArrow = false, className, ...props }: PopoverProps) {
  return (
    <AriaPopover offset={8} {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-Popover ${custom}` : 'atd-Popover'))}>
      {showArrow && (
        <OverlayArrow className="atd-Popover-arrow">
          <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      )}
      <AriaDialog className="atd-Popover-dialog" aria-label={ariaLabel}>
        {children}
      </AriaDialog>
    </AriaPopover>
  );
}

/** Pairs a trigger (a Button) with a Popover: `<PopoverTrigger><Button/><Popover>…</Popover></PopoverTrigger>`. */
export const PopoverTrigger = DialogTrigger;
