/**
 * What the mounts of one session share besides the session itself (one storage prefix: one mount, or several with
 * shareSession): the partner-minted session, so one exchange serves them all, and whose turn it is to show the
 * sign-in form, so a list and a chat that share a session do not show two identical forms.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionPeers } from '../embed';
import type { EmbedSession } from '../provider/embed-session';

interface Group {
  /** The live mounts in mount order: the first one shows the sign-in form. */
  seats: Seat[];
  listeners: Set<() => void>;
  embed?: EmbedSession;
}

export interface Seat {
  showsForm: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

// Keyed by the loader's peers set of the prefix: a new set (all its mounts gone, a new mount) starts afresh.
const groups = new WeakMap<SessionPeers, Group>();

function groupOf(peers: SessionPeers): Group {
  let group = groups.get(peers);
  if (!group) {
    group = { seats: [], listeners: new Set() };
    groups.set(peers, group);
  }
  return group;
}

/** A mount joins its session's group; `leave()` on unmount hands the form to the next live mount. */
export function takeSeat(peers: SessionPeers): { seat: Seat; leave: () => void } {
  const group = groupOf(peers);
  const seat: Seat = {
    showsForm: () => group.seats[0] === seat,
    subscribe(listener) {
      group.listeners.add(listener);
      return () => group.listeners.delete(listener);
    },
  };
  group.seats.push(seat);
  const changed = () => {
    for (const listener of [...group.listeners]) listener();
  };
  changed();
  return {
    seat,
    leave() {
      group.seats = group.seats.filter((s) => s !== seat);
      changed();
    },
  };
}

/** The embed session of the group, made (`make`) by its first mount with `getToken`. */
export function sharedEmbedSession(peers: SessionPeers, make: () => EmbedSession): EmbedSession {
  const group = groupOf(peers);
  group.embed ??= make();
  return group.embed;
}

export const SeatContext = createContext<Seat | null>(null);

const noSubscription = () => () => {};

/** Whether this mount shows the sign-in form (true outside a seat: a lone widget). */
export function useShowsSignInForm(): boolean {
  const seat = useContext(SeatContext);
  const read = () => seat?.showsForm() ?? true;
  return useSyncExternalStore(seat?.subscribe ?? noSubscription, read, read);
}
