import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../provider/context';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { apiSendResult } from '../story-data';
import { MessagesApi } from './MessagesApi';

/** The send of the fake API: `atd_good` is a connection's token, anything else is refused. */
function sendApi() {
  const sent: { auth: string | null; contentType: string; body: unknown }[] = [];
  const routes: Routes = {
    'POST /messages/send': async (request) => {
      const contentType = request.headers.get('Content-Type') ?? '';
      const auth = request.headers.get('Authorization');
      const body = contentType.startsWith('multipart/') ? Object.fromEntries((await request.formData()).entries()) : await request.json();
      sent.push({ auth, contentType, body });
      if (auth !== 'Bearer atd_good') return json(401, { error: 'ERR_INVALID_API_TOKEN', message: 'Missing or unknown API token' });
      return json(201, apiSendResult());
    },
  };
  return { routes, sent };
}

function SessionStatus() {
  return <p>sessão: {useSession().status}</p>;
}

const form = (name: string) => screen.getByRole('form', { name });

async function fill(scope: HTMLElement, token: string, number: string) {
  await userEvent.type(within(scope).getByLabelText(/^Token/, { selector: 'input' }), token);
  await userEvent.type(within(scope).getByRole('textbox', { name: /^Número/ }), number);
}

describe('MessagesApi (connected)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('documents the URL of the API the provider uses', () => {
    renderSignedIn(<MessagesApi />, {});
    const endpoint = screen.getByRole('region', { name: 'Endpoint' });
    expect(endpoint).toHaveTextContent('POST http://api.test/messages/send');
  });

  it('sends a text with the typed token, toasts, shows the ticket and opens it', async () => {
    const api = sendApi();
    const onOpenTicket = vi.fn();
    renderSignedIn(<MessagesApi onOpenTicket={onOpenTicket} />, api.routes);
    const text = form('Teste de envio: texto');
    await fill(text, 'atd_good', '5511999998888');
    await userEvent.type(within(text).getByRole('textbox', { name: /^Mensagem/ }), 'Seu pedido saiu');
    await userEvent.click(within(text).getByRole('button', { name: 'Enviar' }));

    expect(await within(text).findByText('Mensagem aceita e na fila de envio')).toBeInTheDocument();
    expect(await screen.findByText('Mensagem enviada com sucesso')).toBeInTheDocument();
    expect(api.sent).toEqual([{ auth: 'Bearer atd_good', contentType: 'application/json', body: { number: '5511999998888', body: 'Seu pedido saiu' } }]);
    await userEvent.click(within(text).getByRole('button', { name: 'Abrir ticket #42' }));
    expect(onOpenTicket).toHaveBeenCalledWith('2f1c7b0e-5d7a-4c43-9a57-0c4b8f3e9d21');
  });

  it('a wrong token shows the translated error on the form; the user stays signed in', async () => {
    const api = sendApi();
    renderSignedIn(
      <>
        <SessionStatus />
        <MessagesApi />
      </>,
      api.routes,
    );
    const text = form('Teste de envio: texto');
    await fill(text, 'atd_bad', '5511999998888');
    await userEvent.type(within(text).getByRole('textbox', { name: /^Mensagem/ }), 'Oi');
    await userEvent.click(within(text).getByRole('button', { name: 'Enviar' }));
    expect(await within(text).findByText('A mensagem não foi enviada')).toBeInTheDocument();
    expect(within(text).getByText('HTTP 401 · ERR_INVALID_API_TOKEN')).toBeInTheDocument();
    expect(screen.getByText('sessão: authenticated')).toBeInTheDocument();
    // The other form is untouched.
    expect(within(form('Teste de envio: arquivo')).queryByText('A mensagem não foi enviada')).toBeNull();
  });

  it('sends a file as multipart with the typed token', async () => {
    // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    const api = sendApi();
    renderSignedIn(<MessagesApi />, api.routes);
    const media = form('Teste de envio: arquivo');
    await fill(media, 'atd_good', '5511999998888');
    const input = media.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [new NodeFile(['%PNG'], 'foto.png', { type: 'image/png' })] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await within(media).findByText('foto.png');
    await userEvent.click(within(media).getByRole('button', { name: 'Enviar' }));
    expect(await within(media).findByText('Mensagem aceita e na fila de envio')).toBeInTheDocument();
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0].auth).toBe('Bearer atd_good');
    expect(api.sent[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = api.sent[0].body as Record<string, unknown>;
    expect(body.number).toBe('5511999998888');
    expect((body.medias as File).name).toBe('foto.png');
  });
});
