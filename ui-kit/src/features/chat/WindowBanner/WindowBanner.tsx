import type { Schema } from '../../../client';
import { useLocale, useT } from '../../../i18n/locale-context';
import { Icon } from '../../../primitives/Icon/Icon';
import { isOfficialTicket, useCustomerWindow, type CustomerWindow } from '../data/official';
import { windowTexts } from '../window.texts';

export interface WindowBannerViewProps {
  window: CustomerWindow;
  /** The clock the closing time is told against (today: the time alone; another day: the day too). */
  now?: Date;
}

/**
 * The customer's 24-hour window on an official API connection, above the conversation: open until when, or closed
 * (only approved templates go out). Nothing for a QR-code connection. A live region: a change is read out.
 */
export function WindowBannerView({ window, now = new Date() }: WindowBannerViewProps) {
  const t = useT(windowTexts);
  const locale = useLocale();
  if (!window.official) return null;
  const open = window.open && window.expiresAt !== null;
  let text: string;
  if (open) {
    const at = new Date(window.expiresAt!);
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
    text =
      at.toDateString() === now.toDateString()
        ? t('official.window.open', { time })
        : t('official.window.openDay', { day: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(at), time });
  } else {
    text = window.lastInboundAt ? t('official.window.closed') : t('official.window.never');
  }
  return (
    <div className="atd-WindowBanner" data-state={open ? 'open' : 'closed'} role="status" aria-label={t('official.window.label')}>
      <Icon name={open ? 'check' : 'info'} />
      <span>{text}</span>
    </div>
  );
}

/** The banner for a ticket: reads the window only for an official connection's ticket, and keeps it current. */
export function WindowBanner({ ticket }: { ticket: Schema<'TicketDto'> }) {
  const official = isOfficialTicket(ticket);
  const window = useCustomerWindow(ticket.id, { enabled: official });
  if (!official || !window.data) return null;
  return <WindowBannerView window={window.data} />;
}
