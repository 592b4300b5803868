import { createContext, useContext, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { mergeProps } from 'react-aria/mergeProps';
import { useFocusRing } from 'react-aria/useFocusRing';
import { useHover } from 'react-aria/useHover';
import { useId } from 'react-aria/useId';
import { usePress } from 'react-aria/usePress';
import { isTabbable } from 'react-aria/private/utils/isFocusable';
import { TabContent } from './TabContent';

/**
 * Tabs for the ticket manager, where every list + chat page shows them: the DOM, keyboard and focus behaviour of the
 * kit's Tabs (react-aria-components' Tabs, horizontal, selection follows focus), traced against them, without
 * react-aria's collection and selection code, which was about 20 kB gzip of such a page. A `tablist` of `tab`s with
 * one tab stop (the selected tab); ArrowLeft and ArrowRight move to the previous and next tab, wrapping, Home and End to
 * the first and last, and select it; a mouse selects on press, touch on release. The selected tab's `tabpanel` follows
 * (labelled by its tab; a tab stop itself while nothing in it is). Controlled only, with the props the manager uses:
 * the kit's public Tabs (./Tabs.tsx) stay react-aria's, with all their options.
 */
type TabKey = string;

interface TabsState {
  baseId: string;
  selectedKey: TabKey;
  select: (key: TabKey) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab, TabList and TabPanel go inside LightTabs.Tabs');
  return state;
}

const tabId = (state: TabsState, key: TabKey) => `${state.baseId}-tab-${key}`;
const panelId = (state: TabsState, key: TabKey) => `${state.baseId}-tabpanel-${key}`;
const cls = (base: string, custom: string | undefined) => (custom ? `${base} ${custom}` : base);

export interface TabsProps {
  selectedKey: TabKey;
  onSelectionChange: (key: TabKey) => void;
  className?: string;
  children: ReactNode;
}

export function Tabs({ selectedKey, onSelectionChange, className, children }: TabsProps) {
  const baseId = useId();
  const { focusProps, isFocused, isFocusVisible } = useFocusRing({ within: true });
  const state: TabsState = {
    baseId,
    selectedKey,
    select: (key) => {
      if (key !== selectedKey) onSelectionChange(key);
    },
  };
  return (
    <TabsContext.Provider value={state}>
      <div
        {...focusProps}
        className={cls('atd-Tabs', className)}
        data-orientation="horizontal"
        data-focused={isFocused || undefined}
        data-focus-visible={isFocusVisible || undefined}
      >
        {children}
      </div>
    </TabsContext.Provider>
  );
}

export interface TabListProps {
  'aria-label': string;
  className?: string;
  children: ReactNode;
}

export function TabList({ 'aria-label': label, className, children }: TabListProps) {
  const state = useTabs();
  return (
    <div
      id={state.baseId}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={cls('atd-TabList', className)}
      data-orientation="horizontal"
    >
      {children}
    </div>
  );
}

export interface TabProps {
  id: TabKey;
  /** A count shown as a badge after the label (open / pending ticket counts). */
  count?: number;
  /** Read after the count, e.g. 'atendimentos'. */
  countLabel?: string;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Tab({ id: key, count, countLabel, icon, className, children }: TabProps) {
  const state = useTabs();
  const ref = useRef<HTMLDivElement>(null);
  const isSelected = state.selectedKey === key;
  const { focusProps, isFocused, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({});
  // The tablist's keys (react-aria's handle them on the list; here each tab does, for its siblings).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = e.currentTarget.parentElement;
    if (e.target !== e.currentTarget || !list) return;
    const tabs = [...list.querySelectorAll<HTMLElement>(':scope > [role="tab"]')];
    const index = tabs.indexOf(e.currentTarget);
    if (index < 0) return;
    let to: number;
    switch (e.key) {
      case 'ArrowRight':
        to = index === tabs.length - 1 ? 0 : index + 1;
        break;
      case 'ArrowLeft':
        to = index === 0 ? tabs.length - 1 : index - 1;
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = tabs.length - 1;
        break;
      default:
        return;
    }
    e.preventDefault();
    const tab = tabs[to];
    if (!tab?.dataset.key) return;
    tab.focus();
    state.select(tab.dataset.key);
  };
  // As react-aria's selectable items: a mouse or a key selects on press start, touch, pen and screen readers on press.
  const { pressProps, isPressed } = usePress({
    onPressStart: (e) => {
      if (e.pointerType !== 'touch') ref.current?.focus();
      if (e.pointerType === 'mouse' || e.pointerType === 'keyboard') state.select(key);
    },
    onPress: (e) => {
      if (e.pointerType === 'touch') ref.current?.focus();
      if (e.pointerType === 'touch' || e.pointerType === 'pen' || e.pointerType === 'virtual') state.select(key);
    },
  });
  return (
    <div
      {...mergeProps(pressProps, focusProps, hoverProps, { onKeyDown })}
      ref={ref}
      id={tabId(state, key)}
      role="tab"
      aria-selected={isSelected}
      aria-controls={isSelected ? panelId(state, key) : undefined}
      tabIndex={isSelected ? 0 : -1}
      className={cls('atd-Tab', className)}
      data-key={key}
      data-selected={isSelected || undefined}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-hovered={isHovered || undefined}
      data-pressed={isPressed || undefined}
    >
      <TabContent icon={icon} count={count} countLabel={countLabel}>
        {children}
      </TabContent>
    </div>
  );
}

export interface TabPanelProps {
  id: TabKey;
  className?: string;
  children: ReactNode;
}

/** The selected tab's panel (the others are not rendered). */
export function TabPanel({ id: key, className, children }: TabPanelProps) {
  const state = useTabs();
  return state.selectedKey === key ? (
    <SelectedPanel id={panelId(state, key)} labelledBy={tabId(state, key)} className={className}>
      {children}
    </SelectedPanel>
  ) : null;
}

/**
 * Whether something in `ref` is a tab stop, kept up to date as its content changes: react-aria's useHasTabbableChild
 * (its tabbable test, `isTabbable`), walking the panel's own DOM instead of FocusScope's shadow-aware walker, whose
 * module (4 kB gzip) the page would otherwise load for this alone.
 */
function useHasTabbableChild(ref: RefObject<HTMLElement | null>): boolean {
  const [hasTabbableChild, setHasTabbableChild] = useState(false);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, {
        acceptNode: (node) => (isTabbable(node as Element) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
      });
      setHasTabbableChild(walker.nextNode() !== null);
    };
    update();
    // Again when an element comes or goes or a tabIndex or disabled attribute changes (as react-aria's); disconnected at
    // each render, which runs it again at once.
    const observer = new MutationObserver(update);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabIndex', 'disabled'] });
    return () => observer.disconnect();
  });
  return hasTabbableChild;
}

function SelectedPanel({ id, labelledBy, className, children }: { id: string; labelledBy: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hasTabbableChild = useHasTabbableChild(ref);
  const { focusProps, isFocused, isFocusVisible } = useFocusRing();
  return (
    <div
      {...focusProps}
      ref={ref}
      id={id}
      role="tabpanel"
      aria-labelledby={labelledBy}
      tabIndex={hasTabbableChild ? undefined : 0}
      className={cls('atd-TabPanel', className)}
      data-focused={isFocused || undefined}
      data-focus-visible={isFocusVisible || undefined}
    >
      {children}
    </div>
  );
}
