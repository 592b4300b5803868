import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { typebotFrontendUrl } from '../queue-integration-rules';
import { integrationDto, sampleIntegrations } from '../queue-integration-story-data';
import { TypebotOverlay, TypebotOverlayView } from './TypebotOverlay';

configure({ asyncUtilTimeout: 5000 });

describe('TypebotOverlay', () => {
  it('shows the URL in a full-screen frame; the close button and Escape close', async () => {
    const onClose = vi.fn();
    render(
      <AtendeRoot>
        <TypebotOverlayView url="about:blank#bot" onClose={onClose} />
      </AtendeRoot>,
    );
    expect(screen.getByTitle('Typebot')).toHaveAttribute('src', 'about:blank#bot');
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  // axe cannot reach into a frame under jsdom: the blank overlay is checked (same bar and dialog).
  it('is blank without a URL; axe-clean', async () => {
    const { container } = render(
      <AtendeRoot>
        <TypebotOverlayView url={null} onClose={() => undefined} />
      </AtendeRoot>,
    );
    expect(screen.queryByTitle('Typebot')).not.toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('takes the first typebot integration with a front-end URL', () => {
    expect(typebotFrontendUrl(sampleIntegrations)).toBe('https://bot.exemplo.com.br/vendas');
    expect(typebotFrontendUrl([integrationDto({ id: 1, urlFrontend: null }), integrationDto({ id: 2, type: 'n8n', urlFrontend: 'x' })])).toBeNull();
    expect(typebotFrontendUrl(undefined)).toBeNull();
  });

  it('connected: reads GET /queueIntegration', async () => {
    renderSignedIn(
      <TypebotOverlay onClose={() => undefined} />,
      {
        'GET /queueIntegration': () => json(200, { queueIntegrations: sampleIntegrations, count: 4, hasMore: false }),
      },
      { profile: 'admin', permissions: ['session:self', 'automation:manage'] },
    );
    await waitFor(() => expect(screen.getByTitle('Typebot')).toHaveAttribute('src', 'https://bot.exemplo.com.br/vendas'));
  });
});
