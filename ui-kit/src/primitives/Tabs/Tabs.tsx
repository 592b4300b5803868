import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  composeRenderProps,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import { TabContent } from './TabContent';

const cls = (base: string) => (custom: string | undefined) => (custom ? `${base} ${custom}` : base);

/** Tabs (controlled with selectedKey/onSelectionChange or uncontrolled); arrow keys move between tabs. */
export function Tabs({ className, ...props }: AriaTabsProps) {
  return <AriaTabs {...props} className={composeRenderProps(className, cls('atd-Tabs'))} />;
}

export function TabList<T extends object>({ className, ...props }: AriaTabListProps<T>) {
  return <AriaTabList {...props} className={composeRenderProps(className, cls('atd-TabList'))} />;
}

export interface TabProps extends AriaTabProps {
  /** A count shown as a badge after the label (open / pending ticket counts). */
  count?: number;
  /** Read after the count, e.g. 'atendimentos'. */
  countLabel?: string;
  icon?: ReactNode;
}

export function Tab({ count, countLabel, icon, children, className, ...props }: TabProps) {
  return (
    <AriaTab {...props} className={composeRenderProps(className, cls('atd-Tab'))}>
      {composeRenderProps(children, (content) => (
        <TabContent icon={icon} count={count} countLabel={countLabel}>
          {content}
        </TabContent>
      ))}
    </AriaTab>
  );
}

export function TabPanel({ className, ...props }: AriaTabPanelProps) {
  return <AriaTabPanel {...props} className={composeRenderProps(className, cls('atd-TabPanel'))} />;
}
