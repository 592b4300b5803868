import type { ReactNode, Ref } from 'react';
import { Switch as AriaSwitch, composeRenderProps, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  /** The visible label (or pass aria-label). */
  children?: ReactNode;
  ref?: Ref<HTMLLabelElement>;
}

/** An on/off switch; styled by data-selected, data-focus-visible, data-disabled. */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-Switch ${custom}` : 'atd-Switch'))}>
      <span className="atd-Switch-track" aria-hidden="true">
        <span className="atd-Switch-thumb" />
      </span>
      {children}
    </AriaSwitch>
  );
}
