import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Button,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TicketChat,
  TicketsManager,
  useShellLayout,
  useT,
  useTheme,
  useToast,
  useWhiteLabel,
  type Schema,
} from '@atende/ui-kit';
import './TicketsPage.css';

type LeaveReason = 'closed' | 'returned' | 'transferred' | 'deleted' | 'forbidden';
type MobileTab = 'ticket' | 'list';

/**
 * /tickets and /tickets/:ticketId (the ticket's uuid), spec attendance §2: the ticket manager in the left third
 * and the chosen ticket's chat on the right (the brand's logo with no ticket); below 600 px two tabs, 'Ticket'
 * and 'Atendimentos', and a 'Selecionar Ticket' button.
 */
export function TicketsPage() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { ticketId } = useParams();
  const { isCompact } = useShellLayout();
  const [tab, setTab] = useState<MobileTab>(ticketId ? 'ticket' : 'list');
  // A ticket chosen elsewhere (a notification, the bell) shows its chat on a small screen.
  const [shownTicket, setShownTicket] = useState(ticketId);
  if (shownTicket !== ticketId) {
    setShownTicket(ticketId);
    if (ticketId) setTab('ticket');
  }

  // A ticket opened from the keyboard (Enter on its row) puts the caret in its composer, as WhatsApp Web does: the
  // keyboard user is one key from writing, not a walk through the header's buttons.
  const openedByKeyboard = useRef(false);
  const onListKeyDown = (event: KeyboardEvent) => {
    openedByKeyboard.current = event.key === 'Enter' || event.key === ' ';
  };
  const onListPointerDown = () => {
    openedByKeyboard.current = false;
  };
  useEffect(() => {
    if (!ticketId || !openedByKeyboard.current) return;
    openedByKeyboard.current = false;
    return focusComposerWhenReady();
  }, [ticketId]);

  const select = (ticket: Schema<'TicketDto'>) => {
    setTab('ticket');
    if (ticket.uuid !== ticketId) void navigate(`/tickets/${ticket.uuid}`);
    else if (openedByKeyboard.current) {
      openedByKeyboard.current = false;
      focusComposerWhenReady();
    }
  };
  const leave = (reason: LeaveReason) => {
    if (reason === 'forbidden') toast.error(t('chat.forbidden'));
    if (reason === 'deleted') toast.warning(t('chat.deletedTicket'));
    setTab('list');
    void navigate('/tickets', { replace: reason === 'forbidden' || reason === 'deleted' });
  };

  const manager = <TicketsManager selectedTicketUuid={ticketId} onSelectTicket={select} onTicketCreated={select} />;
  const chat = ticketId ? <TicketChat key={ticketId} ticketUuid={ticketId} onLeave={leave} /> : <Placeholder />;

  if (isCompact) {
    return (
      <section className="console-tickets" data-compact="true" aria-labelledby="console-tickets-title">
        <h1 id="console-tickets-title" className="atd-visually-hidden">
          {t('nav.tickets')}
        </h1>
        <Tabs className="console-tickets-tabs" selectedKey={tab} onSelectionChange={(key) => setTab(key as MobileTab)}>
          <TabList aria-label={t('ticketsPage.tabs')}>
            <Tab id="ticket">{t('ticketsPage.ticketTab')}</Tab>
            <Tab id="list">{t('ticketsPage.listTab')}</Tab>
          </TabList>
          <TabPanel id="ticket" className="console-tickets-panel">
            {ticketId ? (
              chat
            ) : (
              <div className="console-tickets-select">
                <Placeholder />
                <Button variant="primary" onPress={() => setTab('list')}>
                  {t('ticketsPage.selectTicket')}
                </Button>
              </div>
            )}
          </TabPanel>
          <TabPanel id="list" className="console-tickets-panel">
            {manager}
          </TabPanel>
        </Tabs>
      </section>
    );
  }

  return (
    <section className="console-tickets" aria-labelledby="console-tickets-title">
      <h1 id="console-tickets-title" className="atd-visually-hidden">
        {t('nav.tickets')}
      </h1>
      {/* Listens only to learn how a row was chosen (keyboard or pointer); the rows handle the keys. */}
      <div className="console-tickets-list" onKeyDownCapture={onListKeyDown} onPointerDownCapture={onListPointerDown}>
        {manager}
      </div>
      <div className="console-tickets-chat">{chat}</div>
    </section>
  );
}

/** Focuses the open chat's composer once it shows and is enabled (a pending ticket's stays shut); answers a cancel. */
function focusComposerWhenReady(): () => void {
  let frame = 0;
  const started = performance.now();
  const attempt = () => {
    const composer = document.querySelector<HTMLTextAreaElement>('.console-tickets-chat textarea.atd-Composer-input');
    if (composer && !composer.disabled) composer.focus();
    else if (performance.now() - started < 3000) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/** No ticket chosen: the company's logo (white label), or its name. */
function Placeholder() {
  const t = useT();
  const brand = useWhiteLabel();
  const { theme } = useTheme();
  const logo = theme === 'dark' ? (brand.logoDark ?? brand.logoLight) : (brand.logoLight ?? brand.logoDark);
  return (
    <div className="console-tickets-placeholder">
      {logo ? <img src={logo} alt={brand.appName} className="console-tickets-logo" /> : <p className="console-tickets-brand">{brand.appName}</p>}
      <p className="console-tickets-hint">{t('ticketsPage.placeholder')}</p>
    </div>
  );
}
