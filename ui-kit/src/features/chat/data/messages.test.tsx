import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messageDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { useMessages } from './messages';

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('query hooks', () => {
  it('useMessages lists a ticket’s messages oldest first, older pages before newer ones', async () => {
    const ticket = ticketDto({ id: 5 });
    const routes: Routes = {
      'GET /messages/5': (request) =>
        new URL(request.url).searchParams.get('pageNumber') === '1'
          ? json(200, { messages: [messageDto({ id: '3', body: 'três' }), messageDto({ id: '4', body: 'quatro' })], count: 4, hasMore: true, ticket })
          : json(200, { messages: [messageDto({ id: '1', body: 'um' }), messageDto({ id: '2', body: 'dois' })], count: 4, hasMore: false, ticket }),
    };
    function Chat() {
      const messages = useMessages(5);
      return (
        <>
          <ol aria-label="Mensagens">
            {messages.data?.items.map((m) => (
              <li key={m.id}>{m.body}</li>
            ))}
          </ol>
          <button onClick={() => void messages.fetchNextPage()}>Anteriores</button>
        </>
      );
    }
    renderSignedIn(<Chat />, routes);
    await waitFor(() => expect(items('Mensagens')).toEqual(['três', 'quatro']));
    await userEvent.click(screen.getByRole('button', { name: 'Anteriores' }));
    await waitFor(() => expect(items('Mensagens')).toEqual(['um', 'dois', 'três', 'quatro']));
  });
});
