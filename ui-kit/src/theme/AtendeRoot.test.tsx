import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AtendeRoot } from './AtendeRoot';

describe('AtendeRoot', () => {
  it('carries the theme, the language and the host class', () => {
    render(
      <AtendeRoot theme="dark" locale="en" className="host" data-testid="root">
        <p>conteúdo</p>
      </AtendeRoot>,
    );
    const root = screen.getByTestId('root');
    expect(root).toHaveClass('atd-root', 'host');
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(root).toHaveAttribute('lang', 'en-US');
    expect(root).toContainElement(screen.getByText('conteúdo'));
  });

  it('sets the white-label tint of the current theme only', () => {
    const colors = { light: '#ff5500', dark: '#00ccaa' };
    const { rerender } = render(<AtendeRoot primaryColor={colors} data-testid="root" />);
    expect(screen.getByTestId('root').style.getPropertyValue('--atd-primary')).toBe('#ff5500');
    rerender(<AtendeRoot theme="dark" primaryColor={{ light: '#ff5500' }} data-testid="root" />);
    // No dark tint given: the dark default of tokens.css applies.
    expect(screen.getByTestId('root').style.getPropertyValue('--atd-primary')).toBe('');
  });
});

describe('AtendeRoot brand and overlays', () => {
  it('sets the app name, logos and a readable text colour on the tint as --atd-* variables', () => {
    render(
      <AtendeRoot
        theme="dark"
        primaryColor={{ light: '#0000ff', dark: '#ffee00' }}
        brand={{ appName: 'Central "A"', logoLight: 'http://api/l.png', favicon: 'http://api/f.ico' }}
        data-testid="root"
      />,
    );
    const style = screen.getByTestId('root').style;
    expect(style.getPropertyValue('--atd-primary')).toBe('#ffee00');
    expect(style.getPropertyValue('--atd-on-primary')).toBe('#000000');
    expect(style.getPropertyValue('--atd-primary-light')).toBe('#0000ff');
    expect(style.getPropertyValue('--atd-app-name')).toBe('"Central \\"A\\""');
    // No dark logo: the light one serves both themes.
    expect(style.getPropertyValue('--atd-logo')).toBe('url("http://api/l.png")');
    expect(style.getPropertyValue('--atd-favicon')).toBe('url("http://api/f.ico")');
  });

  it('picks white text on a dark tint', () => {
    render(<AtendeRoot primaryColor={{ light: '#0000ff' }} data-testid="root" />);
    expect(screen.getByTestId('root').style.getPropertyValue('--atd-on-primary')).toBe('#ffffff');
  });
});
