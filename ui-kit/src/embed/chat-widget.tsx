/** The embed's `chat` widget: one ticket's conversation (`ticketUuid`); `update({ ticketUuid })` switches ticket. */
import { TicketChat } from '../features/chat';
import { SignInGate } from './sign-in-gate';
import type { WidgetProps } from './widget-props';

export function ChatWidget({ widget, ticketUuid, emit, autoFocus }: WidgetProps) {
  return (
    <SignInGate widget={widget} emit={emit} autoFocus={autoFocus}>
      {ticketUuid ? (
        <TicketChat
          // A new ticket is a new conversation: no state of the previous one carries over.
          key={ticketUuid}
          ticketUuid={ticketUuid}
          onLeave={(reason) => emit({ type: 'ticket-left', ticketUuid, reason })}
          onAccepted={(ticket) => emit({ type: 'ticket-accepted', ticket })}
        />
      ) : null}
    </SignInGate>
  );
}
