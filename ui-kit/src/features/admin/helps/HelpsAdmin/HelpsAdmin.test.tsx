import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { helpDto, sampleHelps } from '../story-data';
import { HelpsAdmin } from './HelpsAdmin';

const SUPER = { super: true, permissions: ['session:self', 'helps:read', 'helps:manage'] satisfies Schema<'Permission'>[] };
const byTitle = [...sampleHelps].sort((a, b) => a.title.localeCompare(b.title));

function renderAdmin(extra: Routes = {}) {
  const routes: Routes = {
    'GET /helps': (request) => {
      const term = new URL(request.url).searchParams.get('searchParam')?.toLowerCase();
      const records = term ? byTitle.filter((h) => h.title.toLowerCase().includes(term)) : byTitle;
      return json(200, { records, count: records.length, hasMore: false });
    },
    ...extra,
  };
  const utils = renderSignedIn(<HelpsAdmin headingLevel={3} />, routes, SUPER);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent };
}

const row = (title: string) => screen.getByRole('row', { name: new RegExp(title) });
const titles = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

describe('HelpsAdmin (connected)', () => {
  it('lists GET /helps by title at the heading level given, and searches on the server', async () => {
    const { sent } = renderAdmin();
    expect(screen.getByRole('heading', { level: 3, name: 'Vídeos de ajuda' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(byTitle.map((h) => h.title)));
    expect(within(row('Respostas rápidas')).getByText('Sem descrição')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar vídeos' }), 'filas');
    await waitFor(() => expect(titles()).toEqual(['Criando filas e o menu do chatbot']), { timeout: 2000 });
    expect(sent('GET', '/helps')).toHaveLength(2);
  });

  it('adds a video: POST /helps with the id read from the link, toasts, and the row comes from the answer', async () => {
    const { sent } = renderAdmin({
      'POST /helps': async (request) => json(201, helpDto({ ...((await request.json()) as object), id: 9 })),
    });
    await waitFor(() => expect(titles()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar vídeo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar vídeo de ajuda' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Campanhas');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vídeo do YouTube/ }), 'https://youtu.be/aqz-KE-bpKQ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Vídeo de ajuda salvo')).toBeInTheDocument();
    expect(sent('POST', '/helps')).toEqual([{ title: 'Campanhas', description: '', video: 'aqz-KE-bpKQ' }]);
    await waitFor(() =>
      expect(titles()).toEqual(['Atendendo um ticket', 'Campanhas', 'Conectando o WhatsApp', 'Criando filas e o menu do chatbot', 'Respostas rápidas']),
    );
  });

  it('edits with PUT /helps/{id}; deletes after the confirmation; a refused delete is toasted and the row stays', async () => {
    const { sent } = renderAdmin({
      'PUT /helps/4': async (request) => json(200, { ...sampleHelps[3], ...((await request.json()) as object) }),
      'DELETE /helps/1': () => new Response(null, { status: 204 }),
      'DELETE /helps/2': () => json(404, { error: 'ERR_HELP_NOT_FOUND', message: 'gone' }),
    });
    await waitFor(() => expect(titles()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Editar Respostas rápidas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar vídeo de ajuda' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Atalhos com /');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(row('Respostas rápidas')).getByText('Atalhos com /')).toBeInTheDocument());
    expect(sent('PUT', '/helps/4')).toEqual([{ title: 'Respostas rápidas', description: 'Atalhos com /', video: 'M7lc1UVf-VE' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir Conectando o WhatsApp' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir o vídeo Conectando o WhatsApp?' })).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Vídeo de ajuda excluído')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Conectando o WhatsApp/ })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Excluir Criando filas e o menu do chatbot' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir o vídeo Criando filas e o menu do chatbot?' })).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Este vídeo de ajuda não existe mais.')).toBeInTheDocument();
    expect(row('Criando filas')).toBeInTheDocument();
  });
});
