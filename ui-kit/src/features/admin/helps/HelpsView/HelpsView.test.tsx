import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleHelps } from '../story-data';
import { HelpsView, type HelpsViewProps } from './HelpsView';

function renderView(props: Partial<HelpsViewProps> = {}) {
  const handlers = { onOpen: vi.fn(), onReload: vi.fn(), onSearchChange: vi.fn() };
  const utils = render(
    <AtendeRoot>
      <HelpsView helps={sampleHelps} isLoading={false} search="" {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

describe('HelpsView', () => {
  it('shows a card per video with its thumbnail, title and description; axe-clean', async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { level: 2, name: 'Ajuda' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Vídeos de ajuda' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(sampleHelps.map((h) => h.title));
    expect(cards[1].querySelector('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(within(cards[1]).getByText(sampleHelps[1].description)).toBeInTheDocument();
    // No description: no empty paragraph.
    expect(cards[3].querySelector('p')).toBeNull();
    await expectNoA11yViolations(container);
  });

  it('opens a video from its card', async () => {
    const { onOpen } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Assistir: Conectando o WhatsApp' }));
    expect(onOpen).toHaveBeenCalledWith(sampleHelps[1]);
  });

  it('searches, and offers Gerenciar vídeos only when given onManage', async () => {
    const onManage = vi.fn();
    const { onSearchChange, unmount } = renderView({ onManage });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar vídeos' }), 'f');
    expect(onSearchChange).toHaveBeenCalledWith('f');
    await userEvent.click(screen.getByRole('button', { name: 'Gerenciar vídeos' }));
    expect(onManage).toHaveBeenCalled();
    unmount();
    renderView();
    expect(screen.queryByRole('button', { name: 'Gerenciar vídeos' })).toBeNull();
  });

  it('says when there are no videos, when a search finds none, and when the list failed, with a reload', async () => {
    const { unmount } = renderView({ helps: [] });
    expect(screen.getByText('Nenhum vídeo de ajuda ainda')).toBeInTheDocument();
    unmount();
    const searched = renderView({ helps: [], search: 'xyz' });
    expect(screen.getByText('Nenhum vídeo encontrado')).toBeInTheDocument();
    searched.unmount();
    const loading = renderView({ helps: undefined, isLoading: true });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    loading.unmount();
    const { onReload } = renderView({ helps: undefined, isError: true });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });
});
