import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { FormattedText, MessagePreview } from './FormattedText';

function Preview({ text }: { text: string }) {
  return (
    <span data-testid="preview">
      <MessagePreview text={text} />
    </span>
  );
}

describe('FormattedText', () => {
  it('renders the bot menu bold and a link that opens in a new tab, without injecting HTML', () => {
    const { container } = render(
      <p>
        <FormattedText text={'*1* - Suporte\nVeja https://atende.example/ajuda. <b>x</b>'} />
      </p>,
    );
    expect(container.querySelector('strong')?.textContent).toBe('1');
    const link = screen.getByRole('link', { name: 'https://atende.example/ajuda' });
    expect(link).toHaveAttribute('href', 'https://atende.example/ajuda');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>x</b>');
  });
});

describe('MessagePreview', () => {
  it('strips the markers and names media in the locale after an icon, not an emoji', () => {
    const wrap = (text: string) => (
      <AtendeRoot locale="pt">
        <Preview text={text} />
      </AtendeRoot>
    );
    const { rerender } = render(wrap('*1* - Suporte'));
    expect(screen.getByTestId('preview')).toHaveTextContent(/^1 - Suporte$/);
    rerender(wrap('[application]'));
    expect(screen.getByTestId('preview')).toHaveTextContent(/^Documento$/);
    expect(screen.getByTestId('preview').querySelector('svg')).not.toBeNull();
    rerender(wrap('[audio]'));
    expect(screen.getByTestId('preview')).toHaveTextContent(/^Áudio$/);
  });
});
