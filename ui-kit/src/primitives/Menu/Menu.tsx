import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger as AriaMenuTrigger,
  Popover,
  Separator,
  composeRenderProps,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type PopoverProps,
} from 'react-aria-components';
import { Icon, type IconName } from '../Icon/Icon';

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  placement?: PopoverProps['placement'];
}

/** A menu in a popover; put it inside a MenuTrigger after the trigger button. Arrow keys move, Enter picks, Escape closes. */
export function Menu<T extends object>({ placement = 'bottom end', className, ...props }: MenuProps<T>) {
  return (
    <Popover className="atd-Menu-popover" placement={placement} offset={4}>
      <AriaMenu {...props} className={composeRenderProps(className, (custom) => (custom ? `atd-Menu ${custom}` : 'atd-Menu'))} />
    </Popover>
  );
}

export interface MenuItemProps extends AriaMenuItemProps {
  icon?: IconName;
  variant?: 'default' | 'danger';
  children?: ReactNode;
}

export function MenuItem({ icon, variant = 'default', children, className, textValue, ...props }: MenuItemProps) {
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      data-variant={variant}
      className={composeRenderProps(className, (custom) => (custom ? `atd-MenuItem ${custom}` : 'atd-MenuItem'))}
    >
      {composeRenderProps(children, (content) => (
        <>
          {icon && <Icon name={icon} className="atd-MenuItem-icon" />}
          <span className="atd-MenuItem-label">{content}</span>
        </>
      ))}
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="atd-MenuSeparator" />;
}

/** Pairs a trigger (Button or IconButton) with a Menu. */
export const MenuTrigger = AriaMenuTrigger;
