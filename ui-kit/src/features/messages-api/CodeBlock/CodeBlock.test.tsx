import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { COPIED_MS } from '../../../primitives/CopyButton/CopyButton';
import { CodeBlock } from './CodeBlock';

const CODE = "curl -X POST 'https://x.test/messages/send' \\\n  -H 'Authorization: Bearer SEU_TOKEN'";

function renderBlock(props: Partial<Parameters<typeof CodeBlock>[0]> = {}, locale: 'pt' | 'en' = 'pt') {
  return render(
    <AtendeRoot locale={locale}>
      <CodeBlock label="Exemplo com curl" code={CODE} {...props} />
    </AtendeRoot>,
  );
}

describe('CodeBlock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the code as is in a named, focusable scrolling region; axe-clean', async () => {
    const { container } = renderBlock();
    const region = screen.getByRole('region', { name: 'Exemplo com curl' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.querySelector('code')?.textContent).toBe(CODE);
    await expectNoA11yViolations(container);
  });

  it('copies the code with the Clipboard API and says so for 2 seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderBlock();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Exemplo com curl' }));
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(screen.getByRole('button', { name: 'Copiar Exemplo com curl' })).toHaveTextContent('Copiado!');
    expect(screen.getByRole('status')).toHaveTextContent('Exemplo com curl copiado');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copiar Exemplo com curl' })).toHaveTextContent(/^Copiar$/), { timeout: COPIED_MS + 1000 });
  });

  it('falls back to the copy command where the Clipboard API is missing or refused, and says when nothing worked', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderBlock({}, 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Exemplo com curl' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('button', { name: 'Copy Exemplo com curl' })).toHaveTextContent('Copied!');

    execCommand.mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Exemplo com curl' }));
    expect(screen.getByRole('status')).toHaveTextContent('Could not copy: select the text and copy it.');
  });

  it('copies copyValue in place of the code when given (an endpoint’s URL without its method)', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderBlock({ label: 'Endpoint', code: 'POST https://x.test/messages/send', copyValue: 'https://x.test/messages/send' });
    expect(screen.getByRole('region', { name: 'Endpoint' })).toHaveTextContent('POST https://x.test/messages/send');
    await userEvent.click(screen.getByRole('button', { name: 'Copiar Endpoint' }));
    expect(writeText).toHaveBeenCalledWith('https://x.test/messages/send');
  });

  it('has no copy button when not copyable', () => {
    renderBlock({ copyable: false });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
