import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../client';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { json } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { helpDto, sampleHelps } from '../story-data';
import { Helps } from './Helps';

type Permission = Schema<'Permission'>;
const ATTENDANT = { profile: 'user' as const, permissions: ['session:self', 'helps:read'] satisfies Permission[] };
const SUPER = { super: true, permissions: ['session:self', 'helps:read', 'helps:manage'] satisfies Permission[] };
const byTitle = [...sampleHelps].sort((a, b) => a.title.localeCompare(b.title));

const routes: Routes = {
  'GET /helps/list': () => json(200, byTitle),
  'GET /helps': () => json(200, { records: byTitle, count: byTitle.length, hasMore: false }),
  'POST /helps': async (request) => json(201, helpDto({ ...((await request.json()) as object), id: 9 })),
};

const cards = () =>
  within(screen.getByRole('list', { name: 'Vídeos de ajuda' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('Helps (connected)', () => {
  it('shows GET /helps/list as cards; a card opens the player, Escape closes it; the search filters; axe-clean', async () => {
    const { container, api } = renderSignedIn(<Helps headingLevel={1} />, routes, ATTENDANT);
    await waitFor(() => expect(cards()).toEqual(byTitle.map((h) => h.title)));
    expect(screen.queryByRole('button', { name: 'Gerenciar vídeos' })).toBeNull();
    await expectNoA11yViolations(container);

    await userEvent.click(screen.getByRole('button', { name: 'Assistir: Criando filas e o menu do chatbot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criando filas e o menu do chatbot' });
    expect(within(dialog).getByTitle('Vídeo: Criando filas e o menu do chatbot')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4?autoplay=1&rel=0',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Accents and case do not matter; the description counts.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar vídeos' }), 'QR CODE');
    expect(cards()).toEqual(['Conectando o WhatsApp']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar vídeos' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar vídeos' }), 'rapidas');
    expect(cards()).toEqual(['Respostas rápidas']);
    expect(api.calls.filter((c) => c.path === '/helps/list')).toHaveLength(1);
  });

  it('a super user manages the videos on the same page, and the grid shows what was added', async () => {
    renderSignedIn(<Helps headingLevel={1} />, routes, SUPER);
    await waitFor(() => expect(cards()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Gerenciar vídeos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vídeos de ajuda' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar vídeo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar vídeo de ajuda' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Campanhas');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vídeo do YouTube/ }), 'aqz-KE-bpKQ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Vídeo de ajuda salvo');
    await userEvent.click(screen.getByRole('button', { name: 'Ver vídeos' }));
    await waitFor(() => expect(cards()).toContain('Campanhas'));
  });
});
