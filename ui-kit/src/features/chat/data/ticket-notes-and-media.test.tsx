import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { messageDto } from '../../../test/data-fixtures';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { mediaForm, useMessages, useSendMedia } from './messages';
import { useCreateTicketNote, useDeleteTicketNote, useTicketNotes } from './ticket-notes';

const AT = '2026-01-01T00:00:00.000Z';
const note = (id: number, text: string): Schema<'TicketNoteDto'> => ({
  id,
  note: text,
  ticketId: 100,
  contactId: 1,
  user: { id: 7, name: 'Ana' },
  createdAt: AT,
});

describe('ticket notes', () => {
  it('useTicketNotes reads GET /ticket-notes/list by ticket and contact; adding and deleting refetch it', async () => {
    let notes = [note(1, 'Primeira')];
    const queries: string[] = [];
    const routes: Routes = {
      'GET /ticket-notes/list': (request) => {
        queries.push(new URL(request.url).search);
        return json(200, notes);
      },
      'POST /ticket-notes': async (request) => {
        const body = (await request.json()) as Schema<'CreateTicketNoteDto'>;
        const created = note(2, body.note);
        notes = [created, ...notes];
        return json(201, created);
      },
      'DELETE /ticket-notes/1': () => {
        notes = notes.filter((n) => n.id !== 1);
        return json(204, undefined);
      },
    };
    function Notes() {
      const list = useTicketNotes(100, 1);
      const add = useCreateTicketNote();
      const remove = useDeleteTicketNote();
      return (
        <>
          <ul aria-label="notas">
            {list.data?.map((n) => (
              <li key={n.id}>{n.note}</li>
            ))}
          </ul>
          <button onClick={() => add.mutate({ ticketId: 100, contactId: 1, note: 'Segunda' })}>add</button>
          <button onClick={() => remove.mutate({ id: 1, ticketId: 100 })}>remove</button>
        </>
      );
    }
    renderSignedIn(<Notes />, routes);
    expect(await screen.findByText('Primeira')).toBeInTheDocument();
    expect(queries[0]).toBe('?ticketId=100&contactId=1');
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Segunda')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'remove' }));
    await waitFor(() => expect(screen.queryByText('Primeira')).not.toBeInTheDocument());
    expect(queries).toHaveLength(3);
  });
});

describe('useSendMedia', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the multipart form: each file as medias, the caption as body, the quoted message as quotedMsg[id]', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.pdf', { type: 'application/pdf' });
    const form = mediaForm({ files: [a, b], body: 'legenda', quotedMsgId: '9' });
    expect(form.getAll('medias').map((f) => (f as File).name)).toEqual(['a.png', 'b.pdf']);
    expect(form.get('body')).toBe('legenda');
    expect(form.get('quotedMsg[id]')).toBe('9');
    expect(mediaForm({ files: [a], body: '  ' }).has('body')).toBe(false);
  });

  it('posts multipart to POST /messages/{ticketId} and adds the sent messages to the ticket', async () => {
    // jsdom's FormData and File do not cross into Node's Request (the one fetch sees here); a browser has one kind.
    const nodeForm = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    vi.stubGlobal('File', NodeFile);
    let contentType = '';
    let sent: FormData | null = null;
    const routes: Routes = {
      'GET /messages/100': () => json(200, { messages: [], ticket: { id: 100 }, count: 0, hasMore: false }),
      'POST /messages/100': async (request) => {
        contentType = request.headers.get('Content-Type') ?? '';
        sent = await request.formData();
        return json(201, { messages: [messageDto({ id: '50', body: 'legenda', mediaType: 'image', fromMe: true })] });
      },
    };
    function Sender() {
      const messages = useMessages(100);
      const send = useSendMedia(100);
      return (
        <>
          <ul aria-label="mensagens">
            {messages.data?.items.map((m) => (
              <li key={m.id}>{m.body}</li>
            ))}
          </ul>
          <button onClick={() => send.mutate({ files: [new File(['x'.repeat(20)], 'foto.png', { type: 'image/png' })], body: 'legenda' })}>send</button>
        </>
      );
    }
    renderSignedIn(<Sender />, routes);
    await screen.findByRole('list', { name: 'mensagens' });
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('legenda')).toBeInTheDocument();
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = sent as unknown as FormData;
    expect((form.get('medias') as File).name).toBe('foto.png');
    expect(await (form.get('medias') as File).text()).toBe('x'.repeat(20));
    expect(form.get('body')).toBe('legenda');
  });
});
