/** The embed's `tickets` widget: the ticket manager; choosing a ticket tells the host (`ticket-selected`). */
import { TicketsManager } from '../features/tickets';
import { SignInGate } from './sign-in-gate';
import type { WidgetProps } from './widget-props';

export function TicketsWidget({ widget, ticketUuid, emit, autoFocus }: WidgetProps) {
  return (
    <SignInGate widget={widget} emit={emit} autoFocus={autoFocus}>
      <TicketsManager
        selectedTicketUuid={ticketUuid}
        onSelectTicket={(ticket) => emit({ type: 'ticket-selected', ticket })}
        onTicketCreated={(ticket) => emit({ type: 'ticket-created', ticket })}
      />
    </SignInGate>
  );
}
