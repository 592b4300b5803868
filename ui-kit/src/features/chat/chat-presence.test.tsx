import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactDto, ticketDto } from '../../test/data-fixtures';
import { json } from '../../test/provider-fakes';
import { renderSignedIn } from '../../test/signed-in';
import { ChatHeader } from './ChatHeader/ChatHeader';
import { CONTACT_ACTIVITY_MS } from './chat-presence';
import { Composer } from './Composer/Composer';

const ticket = ticketDto({ id: 40, status: 'open', whatsappId: 2, contact: contactDto({ id: 9, name: 'Maria', number: '5511988887777' }), contactId: 9 });
const presence = (number: string, state: string, whatsappId = 2) => ({ action: 'update', whatsappId, number, presence: state });

describe('chat presence', () => {
  afterEach(() => vi.useRealTimers());

  it("shows the contact's typing, recording and online state in the header, live, and only this contact's", async () => {
    const { emit } = renderSignedIn(<ChatHeader ticket={ticket} onLeave={vi.fn()} onToggleContact={vi.fn()} contactOpen={false} />, {});
    expect(screen.getByText('5511988887777')).toBeInTheDocument();
    emit('contactPresence', presence('5511988887777', 'composing'));
    expect(screen.getByText('digitando…')).toBeInTheDocument();
    // Someone else, or the same number on another connection: not this chat.
    emit('contactPresence', presence('5511000000000', 'recording'));
    emit('contactPresence', presence('5511988887777', 'recording', 3));
    expect(screen.getByText('digitando…')).toBeInTheDocument();
    emit('contactPresence', presence('5511988887777', 'recording'));
    expect(screen.getByText('gravando áudio…')).toBeInTheDocument();
    emit('contactPresence', presence('5511988887777', 'paused'));
    expect(screen.getByText('online')).toBeInTheDocument();
    emit('contactPresence', presence('5511988887777', 'unavailable'));
    expect(screen.getByText('5511988887777')).toBeInTheDocument();
  });

  it('lets a typing state fade when WhatsApp stops repeating it', () => {
    vi.useFakeTimers();
    const { emit } = renderSignedIn(<ChatHeader ticket={ticket} onLeave={vi.fn()} onToggleContact={vi.fn()} contactOpen={false} />, {});
    emit('contactPresence', presence('5511988887777', 'composing'));
    expect(screen.getByText('digitando…')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(CONTACT_ACTIVITY_MS + 10);
    });
    expect(screen.queryByText('digitando…')).not.toBeInTheDocument();
    expect(screen.getByText('online')).toBeInTheDocument();
  });

  it('tells the contact the attendant is typing, once for a burst of keystrokes, and paused when the draft is cleared', async () => {
    const { api } = renderSignedIn(<Composer ticket={ticket} replyTo={null} editing={null} onCancelReply={vi.fn()} onCancelEdit={vi.fn()} />, {
      'GET /quick-messages/list': () => json(200, []),
      'POST /tickets/40/presence': () => new Response(null, { status: 204 }),
    });
    const sent = () => api.calls.filter((c) => c.path === '/tickets/40/presence').map((c) => (JSON.parse(c.body) as { presence: string }).presence);
    const input = screen.getByRole('textbox', { name: 'Mensagem' });
    await userEvent.type(input, 'Olá, tudo bem?');
    await waitFor(() => expect(sent()).toEqual(['composing']));
    await userEvent.clear(input);
    await waitFor(() => expect(sent()).toEqual(['composing', 'paused']));
  });
});
