// Typing, recording and online, both ways: the contact's (the `contactPresence` event) and the attendant's
// (POST /tickets/{id}/presence, which the API passes to WhatsApp).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient, useSocketEvent } from '../../provider/context';
import type { Ticket } from './message-format';

/** What the chat header says about the contact: typing, recording a voice note, online, or nothing. */
export type ContactActivity = 'composing' | 'recording' | 'available' | null;

/** WhatsApp repeats 'composing' every few seconds while someone types; without it the state has ended. */
export const CONTACT_ACTIVITY_MS = 15_000;

/**
 * The contact's presence in this ticket's chat, live: 'composing' or 'recording' while they type or record (for
 * CONTACT_ACTIVITY_MS after the last word of it), else 'available' while they are online, else null.
 * Groups show nothing (whose typing it is would need the participant).
 */
export function useContactPresence(ticket: Pick<Ticket, 'id' | 'whatsappId' | 'isGroup' | 'contact'>): ContactActivity {
  const [state, setState] = useState<{ ticketId: number; online: boolean; activity: 'composing' | 'recording' | null }>({
    ticketId: ticket.id,
    online: false,
    activity: null,
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Another ticket: what the previous contact was doing is not this one's.
  const current = state.ticketId === ticket.id ? state : { ticketId: ticket.id, online: false, activity: null };
  if (current !== state) setState(current);

  useSocketEvent('contactPresence', (event) => {
    if (ticket.isGroup || event.whatsappId !== ticket.whatsappId || event.number !== ticket.contact.number) return;
    clearTimeout(timer.current);
    const { presence } = event;
    if (presence === 'composing' || presence === 'recording') {
      setState({ ticketId: ticket.id, online: true, activity: presence });
      timer.current = setTimeout(() => setState((s) => ({ ...s, activity: null })), CONTACT_ACTIVITY_MS);
    } else {
      setState({ ticketId: ticket.id, online: presence !== 'unavailable', activity: null });
    }
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  return current.activity ?? (current.online ? 'available' : null);
}

/** What the attendant is doing in the composer. */
export type OwnActivity = 'composing' | 'recording' | 'paused';

/** While the attendant keeps typing, 'composing' is said again this often (WhatsApp lets it fade after a while). */
export const OWN_PRESENCE_RESEND_MS = 5_000;
/** No keystroke for this long: 'paused'. */
export const OWN_PRESENCE_IDLE_MS = 4_000;

/**
 * Reports the attendant's typing and recording to the contact (POST /tickets/{id}/presence), throttled: a state is
 * sent when it changes or, while it lasts, every OWN_PRESENCE_RESEND_MS; typing that stops for OWN_PRESENCE_IDLE_MS,
 * a sent or cleared draft, leaving the ticket: 'paused'. Best effort: failures are ignored.
 */
export function useOwnPresence(ticketId: number, enabled: boolean): (activity: OwnActivity) => void {
  const client = useApiClient();
  const last = useRef<{ presence: OwnActivity; at: number } | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);

  const post = useCallback(
    (presence: OwnActivity) => {
      last.current = { presence, at: Date.now() };
      void client.POST('/tickets/{id}/presence', { params: { path: { id: ticketId } }, body: { presence } }).catch(() => undefined);
    },
    [client, ticketId],
  );

  // Leaving the ticket (or the composer closing) stops the typing the contact sees.
  useEffect(
    () => () => {
      clearTimeout(idle.current);
      if (last.current && last.current.presence !== 'paused') post('paused');
      last.current = null;
    },
    [post],
  );

  return useCallback(
    (activity: OwnActivity) => {
      if (!enabled) return;
      clearTimeout(idle.current);
      const previous = last.current;
      if (activity === 'paused') {
        if (previous && previous.presence !== 'paused') post('paused');
        return;
      }
      if (!previous || previous.presence !== activity || Date.now() - previous.at >= OWN_PRESENCE_RESEND_MS) post(activity);
      if (activity === 'composing') idle.current = setTimeout(() => post('paused'), OWN_PRESENCE_IDLE_MS);
    },
    [enabled, post],
  );
}
