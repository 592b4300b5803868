import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { COPIED_MS, CopyButton } from './CopyButton';

describe('CopyButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies its text, says so for 2 seconds (also to screen readers), then goes back; axe-clean', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container } = render(
      <AtendeRoot>
        <CopyButton text="atd_secret" what="Token" />
      </AtendeRoot>,
    );
    await expectNoA11yViolations(container);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Copiar Token' }));
      expect(writeText).toHaveBeenCalledWith('atd_secret');
      expect(screen.getByRole('button', { name: 'Copiar Token' })).toHaveTextContent('Copiado!');
      expect(screen.getByRole('status')).toHaveTextContent('Token copiado');
      act(() => {
        vi.advanceTimersByTime(COPIED_MS);
      });
      expect(screen.getByRole('button', { name: 'Copiar Token' })).toHaveTextContent('Copiar');
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says how to copy by hand when the browser refuses, in the locale of the root', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    render(
      <AtendeRoot locale="en">
        <CopyButton text="x" what="Token" />
      </AtendeRoot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Token' }));
    expect(await screen.findByText('Could not copy: select the text and copy it.')).toBeInTheDocument();
  });
});
