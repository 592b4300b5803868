import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../provider/context';
import { messageDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { apiSendForm, useSendApiMessage, type ApiSendResult, type ApiSendVariables } from './messages-api';
import { useMessages } from '../../chat';

const result = (overrides: Partial<ApiSendResult> = {}): ApiSendResult => ({
  ticketId: 100,
  ticketUuid: '00000000-0000-4000-8000-000000000100',
  ticketStatus: 'pending',
  contactId: 1,
  messages: [messageDto({ id: '77', ticketId: 100, body: 'Pedido saiu', fromMe: true, source: 'api' })],
  ...overrides,
});

/** Sends `variables` on click; shows the session's status, the chat of ticket 100 and the outcome. */
function Harness({ variables }: { variables: ApiSendVariables }) {
  const { status } = useSession();
  const messages = useMessages(100);
  const send = useSendApiMessage();
  return (
    <>
      <p>session: {status}</p>
      <ul aria-label="mensagens">
        {messages.data?.items.map((m) => (
          <li key={m.id}>{m.body}</li>
        ))}
      </ul>
      <button onClick={() => send.mutate(variables)}>send</button>
      {send.isSuccess && <p>ticket {send.data.ticketId}</p>}
      {send.error && <p>failed: {(send.error as { code?: string }).code}</p>}
    </>
  );
}

const chat: Routes = { 'GET /messages/100': () => json(200, { messages: [], ticket: { id: 100 }, count: 0, hasMore: false }) };

describe('useSendApiMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts JSON authenticated by the typed token, not the session, and adds the queued message to a cached chat', async () => {
    const routes: Routes = { ...chat, 'POST /messages/send': () => json(201, result()) };
    const { api } = renderSignedIn(<Harness variables={{ token: ' atd_conn1 ', number: '5511999998888', body: 'Pedido saiu' }} />, routes);
    await screen.findByRole('list', { name: 'mensagens' });
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('ticket 100')).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === '/messages/send')!;
    expect(call.auth).toBe('Bearer atd_conn1');
    expect(JSON.parse(call.body)).toEqual({ number: '5511999998888', body: 'Pedido saiu' });
    // The other calls still carry the session's token.
    expect(api.calls.find((c) => c.path === '/messages/100')!.auth).toBe('Bearer token-1');
    expect(await screen.findByText('Pedido saiu')).toBeInTheDocument();
  });

  it('sends closeTicket only when asked', async () => {
    const routes: Routes = { ...chat, 'POST /messages/send': () => json(201, result({ ticketStatus: 'closed' })) };
    const { api } = renderSignedIn(<Harness variables={{ token: 'atd_x', number: '5511999998888', body: 'Pago', closeTicket: true }} />, routes);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await screen.findByText('ticket 100');
    expect(JSON.parse(api.calls.find((c) => c.path === '/messages/send')!.body)).toEqual({ number: '5511999998888', body: 'Pago', closeTicket: true });
  });

  it('a refused token is an error of the call: the signed-in session goes on, nothing is refreshed', async () => {
    const routes: Routes = {
      ...chat,
      'POST /messages/send': () => json(401, { error: 'ERR_INVALID_API_TOKEN', message: 'Missing or unknown API token' }),
    };
    const { api } = renderSignedIn(<Harness variables={{ token: 'atd_wrong', number: '5511999998888', body: 'Oi' }} />, routes);
    expect(screen.getByText('session: authenticated')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('failed: ERR_INVALID_API_TOKEN')).toBeInTheDocument();
    expect(screen.getByText('session: authenticated')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/auth/refresh_token')).toHaveLength(0);
    expect(api.calls.filter((c) => c.path === '/messages/send')).toHaveLength(1);
  });

  it('builds the multipart form: number, caption, closeTicket and each file as medias', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const form = apiSendForm({ number: '5511999998888', body: 'legenda', closeTicket: true, files: [a] });
    expect(form.get('number')).toBe('5511999998888');
    expect(form.get('body')).toBe('legenda');
    expect(form.get('closeTicket')).toBe('true');
    expect(form.getAll('medias').map((f) => (f as File).name)).toEqual(['a.png']);
    const bare = apiSendForm({ number: '5511999998888', body: ' ', files: [a] });
    expect(bare.has('body')).toBe(false);
    expect(bare.has('closeTicket')).toBe(false);
  });

  it('posts files as multipart with the typed token', async () => {
    // jsdom's FormData and File do not cross into Node's Request (the one fetch sees here); a browser has one kind.
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    let contentType = '';
    let auth = '';
    let sent: FormData | null = null;
    const routes: Routes = {
      ...chat,
      'POST /messages/send': async (request) => {
        contentType = request.headers.get('Content-Type') ?? '';
        auth = request.headers.get('Authorization') ?? '';
        sent = await request.formData();
        return json(201, result());
      },
    };
    const file = new NodeFile(['%PNG'], 'foto.png', { type: 'image/png' }) as unknown as File;
    renderSignedIn(<Harness variables={{ token: 'atd_media', number: '5511999998888', body: 'Foto', files: [file] }} />, routes);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    await screen.findByText('ticket 100');
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(auth).toBe('Bearer atd_media');
    const form = sent as unknown as FormData;
    await waitFor(() => expect(form.get('number')).toBe('5511999998888'));
    expect(form.get('body')).toBe('Foto');
    expect((form.get('medias') as File).name).toBe('foto.png');
  });
});
