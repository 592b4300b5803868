import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import './history-keyboard.css';

/** What the browser would stop at with Tab inside a message. */
const FOCUSABLE = 'a[href], button, input, select, textarea, audio[controls], video[controls], [tabindex]';
const MESSAGE = '.atd-Message';

function demote(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (element.tabIndex !== -1) element.tabIndex = -1;
  }
  for (const message of root.querySelectorAll<HTMLElement>(MESSAGE)) {
    if (!message.hasAttribute('tabindex')) message.tabIndex = -1;
  }
}

function controlsOf(message: HTMLElement): HTMLElement[] {
  return [...message.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.matches(':disabled') && (element.checkVisibility?.() ?? true));
}

function focusMessage(message: HTMLElement): void {
  message.focus({ preventScroll: true });
  message.scrollIntoView?.({ block: 'nearest' });
}

/** The message nearest the bottom of the visible part of the history (where a reader's eyes are). */
function lastVisible(root: HTMLElement, messages: HTMLElement[]): HTMLElement | undefined {
  const bottom = root.getBoundingClientRect().bottom;
  const visible = messages.filter((message) => message.getBoundingClientRect().top < bottom);
  return visible.at(-1) ?? messages.at(-1);
}

/**
 * The message history as one Tab stop (the ARIA feed pattern): every control inside the messages leaves the Tab
 * order, so Tab goes from the history straight on to the composer however many messages there are. Inside, the
 * arrows move between messages (Up/Down, Home/End: the first and last loaded), Enter or Right enters a message's
 * own controls (its options menu, quoted message, media), Left/Right move among them and Escape or Left from the
 * first returns to the message. Answers the history's key handler.
 */
export function useHistoryKeyboard(scroller: RefObject<HTMLDivElement | null>): (event: KeyboardEvent<HTMLDivElement>) => void {
  const observed = useRef<{ root: HTMLElement; observer: MutationObserver } | null>(null);
  useEffect(() => {
    const root = scroller.current;
    if (observed.current?.root === root) return;
    observed.current?.observer.disconnect();
    observed.current = null;
    if (!root) return;
    demote(root);
    // Rows come and go as the history scrolls (virtualised): each new one is demoted as it arrives.
    const observer = new MutationObserver(() => demote(root));
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] });
    observed.current = { root, observer };
  });
  useEffect(() => () => observed.current?.observer.disconnect(), []);

  return (event) => {
    const root = scroller.current;
    if (!root || event.altKey || event.ctrlKey || event.metaKey) return;
    const active = document.activeElement as HTMLElement | null;
    if (!active || !root.contains(active)) return;
    const messages = [...root.querySelectorAll<HTMLElement>(MESSAGE)];
    const current = active === root ? null : active.closest<HTMLElement>(MESSAGE);
    const inControl = current !== null && active !== current;
    // Text fields and sliders inside a message keep their own keys.
    if (inControl && active.matches('input, textarea, select, [role="slider"]') && event.key !== 'Escape') return;

    const move = (to: HTMLElement | undefined) => {
      event.preventDefault();
      if (to) focusMessage(to);
    };
    if (inControl) {
      const controls = controlsOf(current);
      const index = controls.indexOf(active);
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        controls[Math.min(index + 1, controls.length - 1)]?.focus();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        if (index > 0) controls[index - 1].focus();
        else focusMessage(current);
      } else if (event.key === 'Escape') {
        move(current);
      } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        move(current);
      }
      return;
    }

    const at = current ? messages.indexOf(current) : -1;
    switch (event.key) {
      case 'ArrowUp':
        if (!current) return move(lastVisible(root, messages));
        if (at > 0) return move(messages[at - 1]);
        // The first loaded message: scroll up so older rows (and pages) come in, and stay put.
        event.preventDefault();
        root.scrollBy?.({ top: -120 });
        return;
      case 'ArrowDown':
        if (!current) return move(lastVisible(root, messages));
        if (at < messages.length - 1) return move(messages[at + 1]);
        event.preventDefault();
        return;
      case 'Home':
        if (current) move(messages[0]);
        return;
      case 'End':
        if (current) move(messages.at(-1));
        return;
      case 'Enter':
      case 'ArrowRight':
        if (current) {
          event.preventDefault();
          controlsOf(current)[0]?.focus();
        }
        return;
      case 'Escape':
        if (current) {
          event.preventDefault();
          root.focus();
        }
        return;
    }
  };
}
