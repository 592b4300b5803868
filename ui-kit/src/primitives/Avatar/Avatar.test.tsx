import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Avatar, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('shows the picture named by the person', () => {
    render(<Avatar name="Ana Souza" src="https://example.com/ana.jpg" />);
    expect(screen.getByRole('img', { name: 'Ana Souza' })).toHaveAttribute('src', 'https://example.com/ana.jpg');
  });

  it('falls back to initials when there is no picture or it fails to load', () => {
    render(<Avatar name="Ana Souza" src="https://example.com/broken.jpg" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ana Souza' }));
    const fallback = screen.getByRole('img', { name: 'Ana Souza' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AS');
  });

  it('computes initials', () => {
    expect(initialsOf('Ana Maria Souza')).toBe('AS');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('  Érica  ')).toBe('É');
    expect(initialsOf('5511999999999')).toBe('5');
    expect(initialsOf('')).toBe('?');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Avatar name="Ana Souza" />
        <Avatar name="Bruno" src="https://example.com/b.jpg" size="sm" />
      </div>,
    );
    await expectNoA11yViolations(container);
  });
});
