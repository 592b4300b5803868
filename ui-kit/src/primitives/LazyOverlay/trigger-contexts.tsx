import { useRef, type ReactNode, type RefObject } from 'react';
import type { AriaMenuOptions, AriaDialogProps } from 'react-aria';
import { DialogContext, MenuContext, OverlayTriggerStateContext, PopoverContext, Provider, RootMenuTriggerStateContext } from 'react-aria-components';
import type { RootMenuTriggerState } from 'react-stately';

export interface TriggerContextsProps {
  value:
    | { kind: 'menu'; state: RootMenuTriggerState; triggerRef: RefObject<HTMLButtonElement | null>; menuProps: AriaMenuOptions<unknown> }
    | { kind: 'dialog'; state: RootMenuTriggerState; triggerRef: RefObject<HTMLButtonElement | null>; overlayProps: AriaDialogProps };
  children: ReactNode;
}

/**
 * The contexts react-aria-components' MenuTrigger and DialogTrigger give their Menu, Popover and Dialog, for a
 * LazyMenuTrigger's or LazyPopoverTrigger's overlay: loaded with it, so the trigger's chunk carries none of them.
 */
export function TriggerContexts({ value, children }: TriggerContextsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  if (value.kind === 'menu') {
    const { state, triggerRef, menuProps } = value;
    return (
      <Provider
        values={[
          [MenuContext, { ...menuProps, ref: scrollRef }],
          [OverlayTriggerStateContext, state],
          [RootMenuTriggerStateContext, state],
          [PopoverContext, { trigger: 'MenuTrigger', triggerRef, scrollRef, placement: 'bottom start', 'aria-labelledby': menuProps['aria-labelledby'] }],
        ]}
      >
        {children}
      </Provider>
    );
  }
  const { state, triggerRef, overlayProps } = value;
  return (
    <Provider
      values={[
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [DialogContext, overlayProps],
        [PopoverContext, { trigger: 'DialogTrigger', triggerRef, id: overlayProps.id, 'aria-labelledby': overlayProps['aria-labelledby'] }],
      ]}
    >
      {children}
    </Provider>
  );
}
