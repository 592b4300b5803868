import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { Connection } from '../connection-rules';
import { SAMPLE_QR, connectionDto, sampleConnections, sampleQueues } from '../story-data';
import { Connections } from './Connections';

type Permission = Schema<'Permission'>;

const ADMIN = {
  profile: 'admin' as const,
  permissions: [
    'session:self',
    'connections-page:addConnection',
    'connections-page:actionButtons',
    'connections-page:editOrDeleteConnection',
  ] satisfies Permission[],
};
const PLAIN = { profile: 'user' as const, permissions: ['session:self'] satisfies Permission[] };

/** Later than every sample's updatedAt: the cache takes a copy only if it is not older than the one it holds. */
const later = (minute: number) => `2026-03-14T14:${String(minute).padStart(2, '0')}:00.000Z`;

/** A fake API whose GET /whatsapp answers `store` (the samples unless told) and GET /queue the sample queues. */
function connectionsApi(extra: Routes = {}, initial: Connection[] = sampleConnections) {
  const store = { connections: [...initial] };
  const routes: Routes = {
    'GET /whatsapp': () => json(200, store.connections),
    'GET /queue': () => json(200, sampleQueues),
    ...extra,
  };
  return { routes, store };
}

function renderPage(routes: Routes, user: Partial<Schema<'SessionUserDto'>> = ADMIN) {
  const utils = renderSignedIn(<Connections />, routes, user);
  /** The requests made to `METHOD /path`, their JSON bodies parsed (an empty body: undefined). */
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  const listFetches = () => sent('GET', '/whatsapp').length;
  return { ...utils, sent, listFetches };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });
/** The names in the table, in order (read from the DOM: an open dialog hides the page from the accessibility tree). */
const names = () => [...document.querySelectorAll('.atd-Connections-table tbody .atd-Connections-nameText')].map((n) => n.textContent);
/** A row's status text, also under an open dialog. */
const statusOf = (name: string) =>
  screen.getByRole('row', { name: new RegExp(`^${name}\\b`), hidden: true }).querySelector('.atd-Connections-statusText')?.textContent;
const toastTexts = () => [...document.querySelectorAll('.atd-Toast-title')].map((t) => t.textContent);
const loaded = () => screen.findByRole('row', { name: /^Atendimento\b/ });

describe('Connections (connected)', () => {
  describe('the list, live', () => {
    it('shows GET /whatsapp: each connection with its status and the session buttons of it', async () => {
      const { listFetches } = renderPage(connectionsApi().routes);
      await loaded();
      expect(screen.getByRole('heading', { level: 2, name: 'Conexões' })).toBeInTheDocument();
      expect(names()).toEqual(['Atendimento', 'Comercial', 'Financeiro', 'Loja Centro', 'Pós-venda', 'Sandbox de testes']);
      expect(statusOf('Atendimento')).toBe('Conectado');
      expect(statusOf('Comercial')).toBe('Aguardando leitura do QR code');
      expect(statusOf('Financeiro')).toBe('Desconectado');
      expect(within(row('Atendimento')).getByRole('img', { name: 'Conexão padrão' })).toBeInTheDocument();
      expect(within(row('Atendimento')).getByText('Número 5511988887777')).toBeInTheDocument();
      expect(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
      expect(within(row('Comercial')).getByRole('button', { name: 'QR CODE' })).toBeInTheDocument();
      expect(listFetches()).toBe(1);
    });

    it('a whatsapp event changes a row, adds a new one and removes a deleted one, without a refetch', async () => {
      const { emit, listFetches } = renderPage(connectionsApi().routes);
      await loaded();

      emit('whatsapp', { action: 'update', whatsapp: { ...sampleConnections[1], name: 'Comercial Sul', updatedAt: later(1) } });
      await waitFor(() => expect(names()).toContain('Comercial Sul'));
      expect(names()).not.toContain('Comercial');

      // A connection made elsewhere takes its place in name order.
      emit('whatsapp', { action: 'update', whatsapp: connectionDto({ id: 9, name: 'Balcão', status: 'OPENING', updatedAt: later(2) }) });
      await waitFor(() => expect(names()).toContain('Balcão'));
      expect(names()).toEqual(['Atendimento', 'Balcão', 'Comercial Sul', 'Financeiro', 'Loja Centro', 'Pós-venda', 'Sandbox de testes']);

      // Made the default elsewhere: the star moves to it.
      emit('whatsapp', { action: 'update', whatsapp: { ...sampleConnections[2], isDefault: true, updatedAt: later(3) } });
      await waitFor(() => expect(within(row('Financeiro')).getByRole('img', { name: 'Conexão padrão' })).toBeInTheDocument());
      expect(within(row('Atendimento')).queryByRole('img', { name: 'Conexão padrão' })).toBeNull();

      emit('whatsapp', { action: 'delete', whatsappId: 4 });
      await waitFor(() => expect(names()).not.toContain('Loja Centro'));
      expect(names()).toEqual(['Atendimento', 'Balcão', 'Comercial Sul', 'Financeiro', 'Pós-venda', 'Sandbox de testes']);
      expect(listFetches()).toBe(1);
    });

    it('a whatsappSession event changes the status and the session buttons of a row', async () => {
      const { emit, listFetches } = renderPage(connectionsApi().routes);
      await loaded();
      emit('whatsappSession', { action: 'update', session: { ...sampleConnections[3], status: 'qrcode', qrcode: SAMPLE_QR, updatedAt: later(1) } });
      await waitFor(() => expect(statusOf('Loja Centro')).toBe('Aguardando leitura do QR code'));
      expect(within(row('Loja Centro')).getByRole('button', { name: 'QR CODE' })).toBeInTheDocument();
      expect(within(row('Loja Centro')).queryByRole('button', { name: 'Conectando' })).toBeNull();

      emit('whatsappSession', { action: 'update', session: { ...sampleConnections[0], status: 'TIMEOUT', updatedAt: later(2) } });
      await waitFor(() => expect(statusOf('Atendimento')).toBe('Conexão perdida'));
      // An event older than the copy held (a late one) changes nothing.
      emit('whatsappSession', { action: 'update', session: { ...sampleConnections[0], status: 'CONNECTED', updatedAt: later(0) } });
      expect(statusOf('Atendimento')).toBe('Conexão perdida');
      expect(listFetches()).toBe(1);
    });

    it('says when the list cannot be loaded, and loads it again', async () => {
      let fail = true;
      const { listFetches } = renderPage({
        'GET /whatsapp': () => (fail ? json(500, { error: 'ERR_INTERNAL', message: 'boom' }) : json(200, sampleConnections)),
      });
      expect(await screen.findByRole('heading', { name: 'Não foi possível carregar a lista de registros' }, { timeout: 5000 })).toBeInTheDocument();
      fail = false;
      const fetches = listFetches();
      await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
      expect(await loaded()).toBeInTheDocument();
      expect(listFetches()).toBe(fetches + 1);
    });
  });

  describe('add', () => {
    const TOKEN = 'atd_Nw3k8ZpQ1rT6yV2mB9cX4sL7hJ0dF5gq9Zk';
    const created = connectionDto({
      id: 7,
      name: 'Loja Norte',
      status: 'OPENING',
      number: null,
      tokenHint: 'atd_Nw3…q9Zk',
      queues: [
        { id: 1, name: 'Suporte', color: '#7C4DFF' },
        { id: 2, name: 'Vendas', color: '#FF9800' },
      ],
      greetingMessage: 'Olá! Escolha uma opção:',
      expiresTicket: 30,
      updatedAt: later(1),
    });

    async function fillAndSave(name: string) {
      await userEvent.click(screen.getByRole('button', { name: 'Adicionar WhatsApp' }));
      const dialog = await screen.findByRole('dialog', { name: 'Adicionar WhatsApp' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Nome/ }), name);
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Suporte' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Vendas' }));
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mensagem de saudação' }), 'Olá! Escolha uma opção:');
      const expires = within(dialog).getByRole('textbox', { name: /Encerrar chats abertos/ });
      await userEvent.clear(expires);
      await userEvent.type(expires, '30');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      return dialog;
    }

    it('POSTs every field, shows the token once, then the QR code dialog of the new connection until it is connected', async () => {
      const api = connectionsApi({ 'POST /whatsapp': () => json(201, { ...created, token: TOKEN }) });
      const { sent, emit, listFetches, probe } = renderPage(api.routes);
      await loaded();
      await fillAndSave('Loja Norte');

      const tokenDialog = await screen.findByRole('dialog', { name: 'Token da API de mensagens' });
      expect(sent('POST', '/whatsapp')).toEqual([
        {
          name: 'Loja Norte',
          isDefault: false,
          queueIds: [1, 2],
          greetingMessage: 'Olá! Escolha uma opção:',
          complationMessage: null,
          outOfHoursMessage: null,
          ratingMessage: null,
          transferMessage: null,
          expiresInactiveMessage: null,
          sendIdQueue: null,
          timeSendQueue: 0,
          expiresTicket: 30,
          timeUseBotQueues: 0,
          maxUseBotQueues: 3,
          promptId: null,
          provider: 'baileys',
        },
      ]);
      expect(within(tokenDialog).getByRole('textbox', { name: 'Token' })).toHaveValue(TOKEN);
      expect(tokenDialog).toHaveTextContent('Conexão Loja Norte');
      expect(tokenDialog).toHaveTextContent('Copie e guarde este token agora: ele não será mostrado novamente.');
      expect(await screen.findByText('WhatsApp salvo com sucesso!')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Adicionar WhatsApp' })).toBeNull();
      // The new connection is in the list from the answer; the token never enters the cache.
      expect(names()).toEqual(['Atendimento', 'Comercial', 'Financeiro', 'Loja Centro', 'Loja Norte', 'Pós-venda', 'Sandbox de testes']);
      expect(listFetches()).toBe(1);
      const cached = probe
        .queryClient!.getQueryCache()
        .getAll()
        .map((q) => q.state.data);
      expect(JSON.stringify(cached)).toContain('atd_Nw3…q9Zk');
      expect(JSON.stringify(cached)).not.toContain(TOKEN);

      await userEvent.click(within(tokenDialog).getByRole('button', { name: 'Pronto, guardei o token' }));
      const qr = await screen.findByRole('dialog', { name: 'Conectar Loja Norte' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Token da API de mensagens' })).toBeNull());
      expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
      expect(within(qr).getByRole('progressbar', { name: 'Gerando QR code…' })).toBeInTheDocument();

      emit('whatsappSession', { action: 'update', session: { ...created, status: 'qrcode', qrcode: SAMPLE_QR, updatedAt: later(2) } });
      expect(await within(qr).findByRole('img', { name: 'QR code para conectar o WhatsApp' })).toBeInTheDocument();
      expect(toastTexts().some((t) => t?.includes('está conectado'))).toBe(false);

      emit('whatsappSession', { action: 'update', session: { ...created, status: 'CONNECTED', number: '5511977776666', updatedAt: later(3) } });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Loja Norte' })).toBeNull());
      expect(await screen.findByText('Loja Norte está conectado!')).toBeInTheDocument();
      expect(statusOf('Loja Norte')).toBe('Conectado');
      expect(toastTexts().filter((t) => t?.includes('Loja Norte está conectado!'))).toHaveLength(1);
    });

    it('a taken name (409 ERR_WAPP_NAME_ALREADY_EXISTS) stays on the name field of the open form and is not toasted', async () => {
      const api = connectionsApi({
        'POST /whatsapp': () =>
          json(409, { error: 'ERR_WAPP_NAME_ALREADY_EXISTS', message: 'taken', statusCode: 409, fields: [{ field: 'name', messages: ['Already in use'] }] }),
      });
      const { sent } = renderPage(api.routes);
      await loaded();
      const dialog = await fillAndSave('Comercial');
      const name = within(dialog).getByRole('textbox', { name: /Nome/ });
      await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
      expect(within(dialog).getByText('Já existe uma conexão com este nome.')).toBeInTheDocument();
      expect(screen.getAllByText('Já existe uma conexão com este nome.')).toHaveLength(1);
      expect(sent('POST', '/whatsapp')).toHaveLength(1);
      expect(screen.getByRole('dialog', { name: 'Adicionar WhatsApp' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Token da API de mensagens' })).toBeNull();
      expect(toastTexts()).toEqual([]);
    });

    it('a validation error of a field (400) stays on the form too; an error of no field is toasted', async () => {
      let answer = json(400, {
        error: 'ERR_VALIDATION',
        message: 'bad',
        statusCode: 400,
        fields: [{ field: 'greetingMessage', messages: ['Texto longo demais'] }],
      });
      const api = connectionsApi({ 'POST /whatsapp': () => answer });
      renderPage(api.routes);
      await loaded();
      const dialog = await fillAndSave('Loja Norte');
      expect(await within(dialog).findByText('Texto longo demais')).toBeInTheDocument();
      expect(toastTexts()).toEqual([]);

      answer = json(403, { error: 'ERR_PLAN_LIMIT_REACHED', message: 'limit', statusCode: 403 });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(toastTexts()).toEqual(['Erro: O limite do plano da sua empresa foi atingido.']));
      expect(screen.getByRole('dialog', { name: 'Adicionar WhatsApp' })).toBeInTheDocument();
    });
  });

  describe('session buttons', () => {
    it("'Tentar novamente' on a DISCONNECTED connection POSTs /whatsappsession/{id}; the answer shows in its row", async () => {
      const api = connectionsApi({
        'POST /whatsappsession/3': () => json(200, { ...sampleConnections[2], status: 'OPENING', updatedAt: later(1) }),
      });
      const { sent } = renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' }));
      await waitFor(() => expect(statusOf('Financeiro')).toBe('Conectando'));
      expect(sent('POST', '/whatsappsession/3')).toEqual([{}]);
      expect(within(row('Financeiro')).getByRole('button', { name: 'Conectando' })).toBeDisabled();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('shows the command running on the row until it answers', async () => {
      let finish: (r: Response) => void = () => {};
      const api = connectionsApi({ 'POST /whatsappsession/3': () => new Promise<Response>((resolve) => (finish = resolve)) });
      renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' }));
      await waitFor(() => expect(within(row('Financeiro')).getByRole('button', { name: /Tentar novamente/ })).toHaveAttribute('data-pending', 'true'));
      expect(within(row('Comercial')).getByRole('button', { name: 'QR CODE' })).not.toHaveAttribute('data-pending', 'true');
      finish(json(200, { ...sampleConnections[2], updatedAt: later(1) }));
      await waitFor(() => expect(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' })).not.toHaveAttribute('data-pending', 'true'));
    });

    it("'Novo QR CODE' PUTs /whatsappsession/{id} and opens the QR code dialog with the new QR code", async () => {
      const api = connectionsApi({
        'PUT /whatsappsession/3': () => json(200, { ...sampleConnections[2], status: 'qrcode', qrcode: SAMPLE_QR, updatedAt: later(1) }),
      });
      const { sent } = renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Novo QR CODE' }));
      const qr = await screen.findByRole('dialog', { name: 'Conectar Financeiro' });
      expect(sent('PUT', '/whatsappsession/3')).toEqual([{}]);
      expect(within(qr).getByRole('img', { name: 'QR code para conectar o WhatsApp' })).toBeInTheDocument();
      expect(statusOf('Financeiro')).toBe('Aguardando leitura do QR code');
      await userEvent.click(within(qr).getAllByRole('button', { name: 'Fechar' })[0]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Financeiro' })).toBeNull());
    });

    it("'Novo QR CODE' opens the dialog at once: it waits for the code while the command runs, not showing the old status", async () => {
      let finish: (response: Response) => void = () => {};
      const api = connectionsApi({ 'PUT /whatsappsession/3': () => new Promise<Response>((resolve) => (finish = resolve)) });
      const { emit } = renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Novo QR CODE' }));
      const qr = await screen.findByRole('dialog', { name: 'Conectar Financeiro' });
      // The row is still DISCONNECTED: the dialog says the code is on its way, not that it expired.
      expect(within(qr).getByText('Gerando QR code…')).toBeInTheDocument();
      expect(within(qr).queryByText('O QR code expirou sem ser lido.')).toBeNull();
      // The session's events arrive before the command's answer (a provider that answers once logged in).
      emit('whatsappSession', { action: 'update', session: { ...sampleConnections[2], status: 'qrcode', qrcode: SAMPLE_QR, updatedAt: later(1) } });
      expect(await within(qr).findByRole('img', { name: 'QR code para conectar o WhatsApp' })).toBeInTheDocument();
      emit('whatsappSession', { action: 'update', session: { ...sampleConnections[2], status: 'CONNECTED', qrcode: null, updatedAt: later(2) } });
      // Connected before the answer: the dialog waits for it, then closes with the toast.
      expect(screen.getByRole('dialog', { name: 'Conectar Financeiro' })).toBeInTheDocument();
      finish(json(200, { ...sampleConnections[2], status: 'CONNECTED', qrcode: null, updatedAt: later(2) }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Financeiro' })).toBeNull());
      expect(await screen.findByText('Financeiro está conectado!')).toBeInTheDocument();
    });

    it('the QR code dialog asks for a pairing code with POST /whatsappsession/{id} and shows it when the event brings it', async () => {
      const api = connectionsApi({
        'POST /whatsappsession/2': () => json(200, { ...sampleConnections[1], status: 'OPENING', qrcode: null, updatedAt: later(1) }),
      });
      const { sent, emit } = renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row('Comercial')).getByRole('button', { name: 'QR CODE' }));
      const qr = await screen.findByRole('dialog', { name: 'Conectar Comercial' });
      await userEvent.click(within(qr).getByRole('button', { name: 'Usar código de pareamento' }));
      await userEvent.type(within(qr).getByRole('textbox', { name: /Número do WhatsApp/ }), '+55 (11) 99999-8888');
      await userEvent.click(within(qr).getByRole('button', { name: 'Gerar código' }));
      expect(await within(qr).findByRole('progressbar', { name: 'Gerando código de pareamento…' })).toBeInTheDocument();
      expect(sent('POST', '/whatsappsession/2')).toEqual([{ pairingNumber: '5511999998888' }]);

      emit('whatsappSession', {
        action: 'update',
        session: { ...sampleConnections[1], status: 'PAIRING', qrcode: null, pairingCode: 'K7QP2M9X', updatedAt: later(2) },
      });
      expect(await within(qr).findByText('K7QP-2M9X')).toBeInTheDocument();
      expect(statusOf('Comercial')).toBe('Aguardando código de pareamento');
      // Shown where the QR code was: no QR code in the dialog while the code is up.
      expect(within(qr).queryByRole('img', { name: 'QR code para conectar o WhatsApp' })).toBeNull();

      // The phone of that number types the code: connected, the dialog closes and the row shows the phone's number.
      emit('whatsappSession', {
        action: 'update',
        session: { ...sampleConnections[1], status: 'CONNECTED', qrcode: null, pairingCode: null, number: '5511999998888', updatedAt: later(3) },
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conectar Comercial' })).toBeNull());
      expect(statusOf('Comercial')).toBe('Conectado');
      expect(within(row('Comercial')).getByText('Número 5511999998888')).toBeInTheDocument();
    });

    it.each([
      ['Pós-venda', 5, 'PAIRING'],
      ['Sandbox de testes', 6, 'TIMEOUT'],
    ] as const)('disconnects %s (%s, %s) after the confirmation with DELETE /whatsappsession/{id}', async (name, id, _status) => {
      const connection = sampleConnections.find((c) => c.id === id)!;
      const api = connectionsApi({
        [`DELETE /whatsappsession/${id}`]: () => json(200, { ...connection, status: 'DISCONNECTED', pairingCode: null, updatedAt: later(1) }),
      });
      const { sent } = renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row(name)).getByRole('button', { name: 'Desconectar' }));
      const confirm = await screen.findByRole('alertdialog', { name: `Desconectar ${name}?` });
      expect(sent('DELETE', `/whatsappsession/${id}`)).toHaveLength(0);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
      expect(await screen.findByText(`${name} foi desconectado.`)).toBeInTheDocument();
      expect(sent('DELETE', `/whatsappsession/${id}`)).toHaveLength(1);
      await waitFor(() => expect(statusOf(name)).toBe('Desconectado'));
      expect(within(row(name)).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('alertdialog', { name: `Desconectar ${name}?` })).toBeNull());
    });

    it('cancelling the confirmation does not disconnect', async () => {
      const { sent } = renderPage(connectionsApi().routes);
      await loaded();
      await userEvent.click(within(row('Pós-venda')).getByRole('button', { name: 'Desconectar' }));
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Desconectar Pós-venda?' })).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Desconectar Pós-venda?' })).toBeNull());
      expect(sent('DELETE', '/whatsappsession/5')).toHaveLength(0);
      expect(statusOf('Pós-venda')).toBe('Aguardando código de pareamento');
    });

    it('a failing command toasts its error and leaves the row as it was', async () => {
      const api = connectionsApi({
        'POST /whatsappsession/3': () => json(400, { error: 'ERR_WAPP_NOT_INITIALIZED', message: 'not initialized', statusCode: 400 }),
        'PUT /whatsappsession/3': () => json(503, { error: 'ERR_PROVIDER_UNAVAILABLE', message: 'unavailable', statusCode: 503 }),
        'DELETE /whatsappsession/6': () => json(500, { error: 'ERR_INTERNAL', message: 'boom', statusCode: 500 }),
      });
      renderPage(api.routes);
      await loaded();
      await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' }));
      expect(await screen.findByText('Esta sessão do WhatsApp não foi inicializada. Verifique a página de conexões.')).toBeInTheDocument();
      expect(statusOf('Financeiro')).toBe('Desconectado');
      await waitFor(() => expect(within(row('Financeiro')).getByRole('button', { name: 'Tentar novamente' })).not.toHaveAttribute('data-pending', 'true'));

      await userEvent.click(within(row('Financeiro')).getByRole('button', { name: 'Novo QR CODE' }));
      expect(await screen.findByText('Este provedor de mensagens ainda não está disponível neste servidor.')).toBeInTheDocument();
      // No QR code dialog for a QR code that was not made.
      expect(screen.queryByRole('dialog', { name: 'Conectar Financeiro' })).toBeNull();

      await userEvent.click(within(row('Sandbox de testes')).getByRole('button', { name: 'Desconectar' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog', { name: 'Desconectar Sandbox de testes?' })).getByRole('button', { name: 'Desconectar' }),
      );
      expect(await screen.findByText('Erro interno do servidor. Tente novamente mais tarde.')).toBeInTheDocument();
      expect(statusOf('Sandbox de testes')).toBe('Conexão perdida');
      expect(screen.queryByText('Sandbox de testes foi desconectado.')).toBeNull();
    });
  });

  describe('delete', () => {
    it('deletes after the confirmation naming it (DELETE /whatsapp/{id}); the row leaves without a refetch', async () => {
      const api = connectionsApi({ 'DELETE /whatsapp/2': () => json(204, undefined) });
      const { sent, listFetches } = renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Excluir Comercial' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a conexão Comercial?' });
      expect(confirm).not.toHaveTextContent('a mais antiga das outras passa a ser a padrão');
      expect(sent('DELETE', '/whatsapp/2')).toHaveLength(0);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      expect(await screen.findByText('WhatsApp excluído com sucesso!')).toBeInTheDocument();
      await waitFor(() => expect(names()).toEqual(['Atendimento', 'Financeiro', 'Loja Centro', 'Pós-venda', 'Sandbox de testes']));
      expect(sent('DELETE', '/whatsapp/2')).toHaveLength(1);
      expect(listFetches()).toBe(1);
    });

    it('deleting the default refetches the list (another one became the default)', async () => {
      const api = connectionsApi();
      api.routes['DELETE /whatsapp/1'] = () => {
        api.store.connections = sampleConnections.slice(1).map((c) => (c.id === 3 ? { ...c, isDefault: true } : c));
        return json(204, undefined);
      };
      const { listFetches } = renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Excluir Atendimento' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a conexão Atendimento?' });
      expect(confirm).toHaveTextContent('a mais antiga das outras passa a ser a padrão');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
      expect(await screen.findByText('WhatsApp excluído com sucesso!')).toBeInTheDocument();
      await waitFor(() => expect(names()).not.toContain('Atendimento'));
      await waitFor(() => expect(within(row('Financeiro')).getByRole('img', { name: 'Conexão padrão' })).toBeInTheDocument());
      expect(listFetches()).toBe(2);
    });

    it('a failed delete is toasted and the row stays', async () => {
      const api = connectionsApi({ 'DELETE /whatsapp/2': () => json(404, { error: 'ERR_NO_WAPP_FOUND', message: 'gone', statusCode: 404 }) });
      renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Excluir Comercial' }));
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Excluir a conexão Comercial?' })).getByRole('button', { name: 'Excluir' }));
      expect(await screen.findByText('Nenhum WhatsApp encontrado com este ID.')).toBeInTheDocument();
      expect(row('Comercial')).toBeInTheDocument();
    });
  });

  describe('edit', () => {
    it('PUTs /whatsapp/{id} with the fields (no provider) and the row follows', async () => {
      const api = connectionsApi({
        'PUT /whatsapp/3': async (request) => {
          const body = (await request.json()) as Schema<'UpdateWhatsappDto'>;
          return json(200, { ...sampleConnections[2], name: body.name, updatedAt: later(1) });
        },
      });
      const { sent } = renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Editar Financeiro' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar WhatsApp' });
      const name = within(dialog).getByRole('textbox', { name: /Nome/ });
      expect(name).toHaveValue('Financeiro');
      await userEvent.type(name, ' 2');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('WhatsApp salvo com sucesso!')).toBeInTheDocument();
      expect(await screen.findByRole('row', { name: /^Financeiro 2\b/ })).toBeInTheDocument();
      expect(sent('PUT', '/whatsapp/3')).toEqual([
        {
          name: 'Financeiro 2',
          isDefault: false,
          queueIds: [],
          greetingMessage: null,
          complationMessage: null,
          outOfHoursMessage: null,
          ratingMessage: null,
          transferMessage: null,
          expiresInactiveMessage: null,
          sendIdQueue: null,
          timeSendQueue: 0,
          expiresTicket: 0,
          timeUseBotQueues: 0,
          maxUseBotQueues: 3,
          promptId: null,
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar WhatsApp' })).toBeNull());
      // No token dialog after an edit.
      expect(screen.queryByRole('dialog', { name: 'Token da API de mensagens' })).toBeNull();
    });

    it('a new token (POST /whatsapp/{id}/token) is shown once and its hint follows; turning it off (DELETE /whatsapp/{id}/token) clears it', async () => {
      const NEW_TOKEN = 'atd_Q8rT2mW5xY1zN4bV7cK0pL3sD6fG9hJwxyz';
      const api = connectionsApi({
        'POST /whatsapp/1/token': () => json(201, { token: NEW_TOKEN, tokenHint: 'atd_Q8r…wxyz' }),
        'DELETE /whatsapp/1/token': () => json(204, undefined),
      });
      const { sent, listFetches } = renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Editar Atendimento' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar WhatsApp' });
      const section = within(dialog).getByRole('region', { name: 'Token da API de mensagens' });
      expect(section).toHaveTextContent('Token atual: atd_5Yk…F2gE');

      await userEvent.click(within(section).getByRole('button', { name: 'Gerar novo token' }));
      const rotate = await screen.findByRole('alertdialog', { name: 'Gerar um novo token?' });
      expect(sent('POST', '/whatsapp/1/token')).toHaveLength(0);
      await userEvent.click(within(rotate).getByRole('button', { name: 'Gerar novo token' }));
      const tokenDialog = await screen.findByRole('dialog', { name: 'Token da API de mensagens' });
      expect(sent('POST', '/whatsapp/1/token')).toHaveLength(1);
      expect(within(tokenDialog).getByRole('textbox', { name: 'Token' })).toHaveValue(NEW_TOKEN);
      expect(tokenDialog).toHaveTextContent('Conexão Atendimento');
      await userEvent.click(within(tokenDialog).getByRole('button', { name: 'Pronto, guardei o token' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Token da API de mensagens' })).toBeNull());
      expect(screen.queryByDisplayValue(NEW_TOKEN)).toBeNull();
      // Back in the edit modal (no QR code dialog after a new token), the hint is the new token's.
      expect(screen.queryByRole('dialog', { name: /^Conectar/ })).toBeNull();
      const editing = screen.getByRole('dialog', { name: 'Editar WhatsApp' });
      const liveSection = within(editing).getByRole('region', { name: 'Token da API de mensagens' });
      expect(liveSection).toHaveTextContent('Token atual: atd_Q8r…wxyz');

      await userEvent.click(within(liveSection).getByRole('button', { name: 'Desativar token' }));
      await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Desativar o token?' })).getByRole('button', { name: 'Desativar' }));
      expect(await screen.findByText('Token desativado.')).toBeInTheDocument();
      expect(sent('DELETE', '/whatsapp/1/token')).toHaveLength(1);
      await waitFor(() => expect(liveSection).toHaveTextContent('Token atual: Nenhum token'));
      expect(within(liveSection).queryByRole('button', { name: 'Desativar token' })).toBeNull();
      expect(listFetches()).toBe(1);
    });

    it('a failing token command is toasted and shows no token', async () => {
      const api = connectionsApi({ 'POST /whatsapp/3/token': () => json(403, { error: 'ERR_NO_PERMISSION', message: 'no', statusCode: 403 }) });
      renderPage(api.routes);
      await loaded();
      await userEvent.click(screen.getByRole('button', { name: 'Editar Financeiro' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar WhatsApp' });
      const section = within(dialog).getByRole('region', { name: 'Token da API de mensagens' });
      expect(section).toHaveTextContent('Nenhum token');
      // Without a token there is nothing to confirm.
      await userEvent.click(within(section).getByRole('button', { name: 'Gerar novo token' }));
      expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Token da API de mensagens' })).toBeNull();
    });
  });

  it('a plain user (no connections permissions) sees the list but no add, edit, delete or session buttons', async () => {
    renderPage(connectionsApi().routes, PLAIN);
    await loaded();
    expect(screen.getAllByRole('row')).toHaveLength(sampleConnections.length + 1);
    expect(statusOf('Financeiro')).toBe('Desconectado');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Status', 'Tipo', 'Última atualização', 'Padrão']);
    expect(screen.queryByRole('button', { name: 'Adicionar WhatsApp' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Excluir/ })).toBeNull();
    expect(within(screen.getByRole('grid', { name: 'Conexões do WhatsApp' })).queryAllByRole('button')).toEqual([]);
  });
});
