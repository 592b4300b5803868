import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { writeTicketRead } from '../../../data/cache-writes';
import { useMessageSearch } from '../data/messages';
import { useTicket, useTicketByUuid } from '../../tickets/data/tickets';
import { useDebounced } from '../../../primitives/use-debounced';
import { Button } from '../../../primitives/Button/Button';
import { useT } from '../../../i18n/locale-context';
import { EmptyState } from '../../../primitives/EmptyState/EmptyState';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { ApiRequestError } from '../../../provider/api-error';
import { useAtende, useSession, useSocket, useSocketEvent } from '../../../provider/context';
import { defaultStorage, type KitStorage } from '../../../provider/storage';
import { canViewTicket, opensReadOnly, ticketActions } from '../../tickets/ticket-rules';
import { useTicketStatusActions } from '../../tickets/use-ticket-status-actions';
import { ChatSearchBar } from './ChatSearchBar';
import { takeChatSearch } from './chat-search';
import { ChatHeader } from '../ChatHeader/ChatHeader';
import { Composer } from '../Composer/Composer';
import { AUDIO_RATE_KEY, AUDIO_RATES, type Message, type Ticket } from '../message-format';
import { MessagesList } from '../MessagesList/MessagesList';
import { TicketTags } from '../TicketTags/TicketTags';
import { isOfficialTicket } from '../data/official';
import type { LeaveReason } from './leave-reason';
import { useCompanySettings } from '../../../provider/company-settings';

/** Shown on demand: the contact's form and the ticket's notes (react-hook-form) load when the drawer first opens. */
// Only official connections show the customer's window: its own chunk, out of the ticket list + chat bundle.
const WindowBanner = lazy(() => import('../WindowBanner/WindowBanner').then((m) => ({ default: m.WindowBanner })));
const ContactDrawer = lazy(() => import('../ContactDrawer/ContactDrawer').then((m) => ({ default: m.ContactDrawer })));

export type { LeaveReason } from './leave-reason';

export interface TicketChatProps {
  /** The ticket's uuid (the /tickets/{uuid} route). */
  ticketUuid: string;
  /**
   * Go back to the list: 'closed', 'returned', 'transferred' (by this user), 'deleted' (by this user or live,
   * the console shows 'O atendimento que você estava foi deletado.'), 'forbidden' (the access rule, the console
   * shows 'Acesso não permitido').
   */
  onLeave: (reason: LeaveReason) => void;
  /** The ticket was accepted here (now open and assigned to the user). */
  onAccepted?: (ticket: Ticket) => void;
  /** Where the audio playback speed is remembered (window.localStorage by default). */
  storage?: KitStorage;
}

/** How long after a message arrives in the open chat it is marked read (GET /messages/{id} marks them). */
const MARK_READ_DELAY_MS = 1000;

function readRate(storage: KitStorage): number {
  try {
    const stored = Number(storage.getItem(AUDIO_RATE_KEY));
    return (AUDIO_RATES as readonly number[]).includes(stored) ? stored : 1;
  } catch {
    return 1;
  }
}

/** The layout: header on top, history filling, composer at the bottom, contact drawer at the right (or over the chat). */
export function TicketChatLayout({
  header,
  history,
  composer,
  drawer,
  drawerOpen,
}: {
  header: ReactNode;
  history: ReactNode;
  composer: ReactNode;
  drawer?: ReactNode;
  drawerOpen: boolean;
}) {
  return (
    <div className="atd-TicketChat" data-drawer-open={drawerOpen || undefined}>
      <div className="atd-TicketChat-main">
        {header}
        <div className="atd-TicketChat-history">{history}</div>
        <div className="atd-TicketChat-composer">{composer}</div>
      </div>
      {drawerOpen && <aside className="atd-TicketChat-drawer">{drawer}</aside>}
    </div>
  );
}

/**
 * A ticket's conversation, connected: loads the ticket by uuid (then follows it live), applies the access rule,
 * joins the ticket's socket room, marks incoming messages read, and lays out the header, the history, the composer
 * and the contact drawer. Reply and edit states live here and go to the composer.
 */
export function TicketChat({ ticketUuid, onLeave, onAccepted, storage }: TicketChatProps) {
  const t = useT();
  const { client } = useAtende();
  const { user } = useSession();
  const socket = useSocket();
  const queryClient = useQueryClient();
  const settings = useCompanySettings();

  const byUuid = useTicketByUuid(ticketUuid);
  const ticketId = byUuid.data?.id;
  const live = useTicket(ticketId ?? 0, { enabled: ticketId !== undefined });
  const ticket = live.data ?? byUuid.data;

  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [store] = useState(() => storage ?? defaultStorage());
  const [audioRate, setAudioRate] = useState(() => readRate(store));
  const status = useTicketStatusActions();

  // The conversation's search; the ticket list's search tab may have left a term for this ticket (chat-search.ts).
  const [searchTerm, setSearchTerm] = useState<string | null>(() => takeChatSearch(queryClient, ticketUuid));
  const [fromList, setFromList] = useState(searchTerm !== null);
  const [activeHit, setActiveHit] = useState(0);
  const debouncedTerm = useDebounced(searchTerm ?? '', 300);
  const search = useMessageSearch(ticketId ?? 0, debouncedTerm, { enabled: ticketId !== undefined && searchTerm !== null });
  const hits = searchTerm !== null && debouncedTerm.trim().length >= 2 ? search.data?.hits : undefined;
  const hit = hits?.[Math.min(activeHit, hits.length - 1)];
  const [searchedTerm, setSearchedTerm] = useState(debouncedTerm);
  if (searchedTerm !== debouncedTerm) {
    setSearchedTerm(debouncedTerm);
    setActiveHit(0);
  }
  // Opened from the list's search at a text no message holds (it matched the contact): no bar left open.
  if (fromList && hits) {
    setFromList(false);
    if (hits.length === 0) setSearchTerm(null);
  }

  // Leave once: a delete made here is followed by the socket's delete event.
  const left = useRef<string | null>(null);
  const onLeaveRef = useRef(onLeave);
  useEffect(() => {
    onLeaveRef.current = onLeave;
  });
  const leave = useCallback(
    (reason: LeaveReason) => {
      if (left.current === ticketUuid) return;
      left.current = ticketUuid;
      onLeaveRef.current(reason);
    },
    [ticketUuid],
  );

  // Another ticket: the reply and edit states belonged to the previous one.
  const [shownUuid, setShownUuid] = useState(ticketUuid);
  if (shownUuid !== ticketUuid) {
    setShownUuid(ticketUuid);
    setReplyTo(null);
    setEditing(null);
  }

  // The access rule (spec §5): checked on the ticket as it was opened, and whatever the API refuses.
  const opened = byUuid.data;
  const refused = byUuid.error instanceof ApiRequestError && byUuid.error.code === 'ERR_NO_PERMISSION';
  const forbidden = refused || (opened !== undefined && user !== null && !canViewTicket(opened, user, settings));
  useEffect(() => {
    if (forbidden) leave('forbidden');
  }, [forbidden, leave]);

  // Closed while shown (here, from the list, or by anyone): the ticket is done, back to the list (spec §2, §4) as
  // after a transfer or a return. A ticket opened closed (the closed tab) stays.
  const shownStatus = useRef(ticket?.status);
  useEffect(() => {
    const before = shownStatus.current;
    shownStatus.current = ticket?.status;
    if (before !== undefined && before !== 'closed' && ticket?.status === 'closed') leave('closed');
  }, [ticket?.status, leave]);

  // A live delete of this ticket (spec §4).
  useSocketEvent('ticket', (event) => {
    if (event.action === 'delete' && ticketId !== undefined && event.ticketId === ticketId) leave('deleted');
  });

  // The ticket's room (its presence and per-ticket events); joined again after a reconnection.
  useEffect(() => {
    if (!socket || ticketId === undefined) return;
    const join = () => void socket.emit('joinChatBox', ticketId);
    join();
    socket.on('connect', join);
    return () => void socket.off('connect', join);
  }, [socket, ticketId]);

  // Opening the messages page marks them read on the API; messages arriving while the chat is open are marked
  // the same way (the answer is not needed: the socket's updateUnread event resets the counters).
  const unread = ticket?.unreadMessages ?? 0;
  const readOnly = ticket !== undefined && opensReadOnly(ticket, settings);
  useEffect(() => {
    // A pending ticket read before accepting marks nothing read (the API does not either).
    if (ticketId === undefined || unread === 0 || !live.data || readOnly) return;
    const timer = setTimeout(() => {
      void client.GET('/messages/{id}', { params: { path: { id: ticketId }, query: { pageNumber: 1 } } }).then(({ response }) => {
        if (response.ok) writeTicketRead(queryClient, ticketId);
      });
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ticketId, unread, live.data, client, queryClient, readOnly]);

  const changeRate = (rate: number) => {
    setAudioRate(rate);
    try {
      store.setItem(AUDIO_RATE_KEY, String(rate));
    } catch {
      // A blocked storage only forgets the speed.
    }
  };

  if (forbidden) return null;
  if (!ticket) {
    return (
      <div className="atd-TicketChat atd-TicketChat-status">
        {byUuid.isError ? <EmptyState icon="info" title={t('chat.loadError')} /> : <Spinner label={t('chat.loading')} />}
      </div>
    );
  }

  return (
    <TicketChatLayout
      drawerOpen={drawerOpen}
      header={
        <>
          <ChatHeader
            ticket={ticket}
            onLeave={leave}
            onAccepted={onAccepted}
            onToggleContact={() => setDrawerOpen((o) => !o)}
            contactOpen={drawerOpen}
            onSearch={() => setSearchTerm((term) => term ?? '')}
          />
          <TicketTags ticket={ticket} />
          {isOfficialTicket(ticket) && (
            <Suspense fallback={null}>
              <WindowBanner ticket={ticket} />
            </Suspense>
          )}
          {searchTerm !== null && (
            <ChatSearchBar
              term={searchTerm}
              onTermChange={setSearchTerm}
              hits={hits}
              isSearching={search.isFetching && !search.data}
              active={Math.min(activeHit, Math.max(0, (hits?.length ?? 1) - 1))}
              onActiveChange={setActiveHit}
              onClose={() => setSearchTerm(null)}
            />
          )}
        </>
      }
      history={
        <MessagesList
          key={ticket.id}
          ticketId={ticket.id}
          onReply={(message) => {
            setEditing(null);
            setReplyTo(message);
          }}
          onEdit={(message) => {
            setReplyTo(null);
            setEditing(message);
          }}
          audioRate={audioRate}
          onAudioRateChange={changeRate}
          focus={hit ? { messageId: hit.id, pageNumber: hit.pageNumber } : null}
        />
      }
      composer={
        readOnly ? (
          <div className="atd-TicketChat-readOnly" role="note">
            <span>{t('chat.readOnly')}</span>
            {ticketActions(ticket, settings).accept && (
              <Button isDisabled={status.isPending} onPress={() => void status.accept(ticket).then((updated) => updated && onAccepted?.(updated))}>
                {t('chat.header.accept')}
              </Button>
            )}
          </div>
        ) : (
          <Composer ticket={ticket} replyTo={replyTo} editing={editing} onCancelReply={() => setReplyTo(null)} onCancelEdit={() => setEditing(null)} />
        )
      }
      drawer={
        <Suspense fallback={null}>
          <ContactDrawer ticket={ticket} isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      }
    />
  );
}
