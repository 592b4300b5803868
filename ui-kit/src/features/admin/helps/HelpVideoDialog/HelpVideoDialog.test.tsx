import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleHelps } from '../story-data';
import { HelpVideoDialog } from './HelpVideoDialog';

describe('HelpVideoDialog', () => {
  it("plays the video in YouTube's no-cookie player with the title and description; axe-clean", async () => {
    render(
      <AtendeRoot>
        <HelpVideoDialog help={sampleHelps[1]} onClose={vi.fn()} />
      </AtendeRoot>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Conectando o WhatsApp' });
    // Only the src is checked: the tests never reach the network.
    expect(screen.getByTitle('Vídeo: Conectando o WhatsApp')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(screen.getByText(sampleHelps[1].description)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir no YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    // axe-core cannot enter jsdom's frames: the player is checked from outside (its title), the rest as usual.
    const results = await axe.run(dialog, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('Escape and the close button close it', async () => {
    const onClose = vi.fn();
    render(
      <AtendeRoot>
        <HelpVideoDialog help={sampleHelps[0]} onClose={onClose} />
      </AtendeRoot>,
    );
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows nothing without a video', () => {
    render(
      <AtendeRoot>
        <HelpVideoDialog help={null} onClose={vi.fn()} />
      </AtendeRoot>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
