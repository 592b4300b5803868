import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { mediaForm } from '../data/messages';
import { contactDto, messageDto, ticketDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { Composer, type ComposerProps } from './Composer';

const routes = (extra: Routes = {}): Routes => ({
  'GET /quick-messages/list': () => json(200, []),
  ...extra,
});

function renderComposer(props: Partial<ComposerProps>, api: Routes = {}, user: Partial<Schema<'SessionUserDto'>> = {}) {
  const handlers = { onCancelReply: vi.fn(), onCancelEdit: vi.fn(), onSent: vi.fn() };
  const utils = renderSignedIn(<Composer ticket={ticketDto({ status: 'open' })} replyTo={null} editing={null} {...handlers} {...props} />, routes(api), user);
  return { ...utils, ...handlers, input: () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Mensagem|legenda/ }) };
}

const bodies = (calls: { method: string; path: string; body: string }[], key: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => JSON.parse(c.body) as unknown);

describe('Composer (connected)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is enabled only per composerEnabled and says why when not', async () => {
    const pending = renderComposer({ ticket: ticketDto({ status: 'pending' }) });
    expect(pending.input()).toBeDisabled();
    expect(screen.getByText('Aceite o atendimento para enviar mensagens.')).toBeInTheDocument();
    await expectNoA11yViolations(pending.container);
    pending.unmount();

    const closed = renderComposer({ ticket: ticketDto({ status: 'closed' }) });
    expect(screen.getByText('Este atendimento está finalizado. Reabra-o para enviar mensagens.')).toBeInTheDocument();
    closed.unmount();

    // A pending group ticket when groups are tickets.
    renderComposer(
      { ticket: ticketDto({ status: 'pending', isGroup: true }) },
      {},
      {
        company: { id: 3, name: 'Empresa 3', settings: [{ key: 'groupsIsTeckets', value: 'enabled' }] } as Schema<'SessionUserDto'>['company'],
      },
    );
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled();
  });

  it('sends the text with POST /messages/{ticketId}, in reply mode with the quoted message', async () => {
    const replyTo = messageDto({ id: '77', body: 'Qual o prazo?' });
    const { api, input, onSent, onCancelReply } = renderComposer(
      { replyTo },
      { 'POST /messages/100': () => json(201, { messages: [messageDto({ id: '78', body: 'Amanhã', fromMe: true })] }) },
    );
    await userEvent.type(input(), 'Amanhã{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(bodies(api.calls, 'POST /messages/100')).toEqual([{ body: 'Amanhã', quotedMsg: { id: '77' } }]);
    expect(onCancelReply).toHaveBeenCalled();
    expect(input().value).toBe('');
  });

  it('edits with POST /messages/edit/{messageId} and leaves edit mode', async () => {
    const editing = messageDto({ id: '5', body: 'Olá', fromMe: true });
    const { api, input, onCancelEdit } = renderComposer(
      { editing },
      { 'POST /messages/edit/5': () => json(200, messageDto({ id: '5', body: 'Olá!', fromMe: true, isEdited: true })) },
    );
    await userEvent.type(input(), '!{Enter}');
    await waitFor(() => expect(onCancelEdit).toHaveBeenCalled());
    expect(bodies(api.calls, 'POST /messages/edit/5')).toEqual([{ body: 'Olá!' }]);
  });

  it('toasts a failed send with the kit’s error text and keeps the text', async () => {
    const { input, onSent } = renderComposer(
      {},
      { 'POST /messages/100': () => json(409, { error: 'ERR_WAPP_NOT_INITIALIZED', message: 'not initialized', statusCode: 409 }) },
    );
    await userEvent.type(input(), 'Oi{Enter}');
    expect(await screen.findByText('Esta sessão do WhatsApp não foi inicializada. Verifique a página de conexões.')).toBeInTheDocument();
    expect(input().value).toBe('Oi');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('sends files as multipart medias with the caption', async () => {
    // jsdom's FormData and File do not cross into Node's Request (the one the fake API reads); a browser has one kind.
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    let sent: FormData | null = null;
    const { container, input, onSent } = renderComposer(
      {},
      {
        'POST /messages/100': async (request) => {
          sent = await request.formData();
          return json(201, { messages: [messageDto({ id: '90', mediaType: 'application', fromMe: true })] });
        },
      },
    );
    const file = new NodeFile(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' }) as unknown as File;
    // userEvent.upload checks jsdom's File; the change event is what the composer reads.
    const picker = container.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(picker, 'files', { configurable: true, value: [file] });
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    await screen.findByText('contrato.pdf');
    await userEvent.type(input(), 'Segue o contrato');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const form = sent as unknown as FormData;
    expect((form.get('medias') as File).name).toBe('contrato.pdf');
    expect(form.get('body')).toBe('Segue o contrato');
  });

  it('sends a quick reply with its attachment, the variables filled as the composer showed them', async () => {
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    vi.stubGlobal('File', NodeFile);
    const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
      c.charCodeAt(0),
    );
    const quick: Schema<'QuickMessageDto'> = {
      id: 5,
      shortcode: 'catalogo',
      message: '{{greeting}}, {{firstName}}! Sou {{user}}. Protocolo {{protocol}}.',
      geral: true,
      mediaPath: 'qm5-0123456789abcdef.png',
      mediaName: 'Catálogo.png',
      isMedia: true,
      userId: null,
      companyId: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    let sent: FormData | null = null;
    const ticket = ticketDto({ status: 'open', contact: contactDto({ name: 'Maria Souza' }), createdAt: '2026-11-28T02:10:00.000Z' });
    const { input, onSent } = renderComposer(
      { ticket },
      {
        'GET /quick-messages/list': () => json(200, [quick]),
        'GET /quick-messages/5/media': () => new Response(PNG, { status: 200, headers: { 'Content-Type': 'image/png' } }),
        'POST /messages/100': async (request) => {
          sent = await request.formData();
          return json(201, { messages: [messageDto({ id: '91', mediaType: 'image', fromMe: true })] });
        },
      },
      { name: 'Ana Atendente', company: { id: 3, name: 'Empresa 3', timezone: 'America/Sao_Paulo' } as Schema<'SessionUserDto'>['company'] },
    );
    await userEvent.type(input(), '/cat');
    await userEvent.click(await screen.findByRole('option', { name: /^\/catalogo/ }));
    // Opened at 23:10 on the 27th in São Paulo: the protocol's day is the company's.
    const filled = /^(Bom dia|Boa tarde|Boa noite), Maria! Sou Ana Atendente\. Protocolo 20261127-100\.$/;
    await screen.findByText('Catálogo.png');
    expect(input().value).toMatch(filled);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const form = sent as unknown as FormData;
    const media = form.get('medias') as File;
    expect([media.name, media.type, media.size]).toEqual(['Catálogo.png', 'image/png', PNG.length]);
    expect(form.get('body')).toMatch(filled);
  });

  it('sends a recorded voice note flagged as one (the API makes it an Ogg Opus push-to-talk)', () => {
    const form = mediaForm({ files: [new File(['x'], 'audio-1.webm', { type: 'audio/webm' })], voiceNote: true });
    expect(form.get('voiceNote')).toBe('true');
    expect(mediaForm({ files: [new File(['x'], 'a.ogg')] }).get('voiceNote')).toBeNull();
  });

  it('offers the usable quick messages after /', async () => {
    const quick: Schema<'QuickMessageDto'> = {
      id: 1,
      shortcode: 'pix',
      message: 'Nossa chave PIX é 123',
      geral: true,
      mediaPath: null,
      mediaName: null,
      isMedia: false,
      userId: null,
      companyId: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { input } = renderComposer({}, { 'GET /quick-messages/list': () => json(200, [quick]) });
    await userEvent.type(input(), '/p');
    await userEvent.click(await screen.findByRole('option', { name: '/pix - Nossa chave PIX é 123' }));
    expect(input().value).toBe('Nossa chave PIX é 123');
  });
});
