import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { TicketTagsView, type TicketTag } from './TicketTagsView';

const all: TicketTag[] = [
  { id: 1, name: 'Alpha', color: '#ff0000' },
  { id: 2, name: 'Beta', color: '#00ff00' },
  { id: 3, name: 'Gamma', color: '#0000ff' },
];

function Harness() {
  const [applied, setApplied] = useState(all);
  return (
    <>
      <button>antes</button>
      <TicketTagsView applied={applied} options={all} onChange={(ids) => setApplied(all.filter((tag) => ids.includes(tag.id)))} />
    </>
  );
}

const focusedName = () => document.activeElement?.getAttribute('aria-label');

// The keyboard and focus behaviour of react-aria-components' TagGroup, which TagGrid replaced (traced against it).
describe('TicketTagsView: the tags grid', () => {
  it('is one tab stop whose arrow keys, Home and End move between the tags, wrapping', async () => {
    const { container } = render(
      <AtendeRoot locale="pt">
        <Harness />
      </AtendeRoot>,
    );
    const grid = screen.getByRole('grid', { name: 'Etiquetas do atendimento' });
    expect(
      within(grid)
        .getAllByRole('row')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['Alpha', 'Beta', 'Gamma']);
    await userEvent.click(screen.getByRole('button', { name: 'antes' }));
    await userEvent.tab();
    expect(focusedName()).toBe('Alpha');
    expect(document.activeElement).toHaveAttribute('aria-describedby');
    expect(document.getElementById(document.activeElement!.getAttribute('aria-describedby')!)).toHaveTextContent('Pressione Delete para remover a tag.');
    await userEvent.keyboard('{ArrowRight}');
    expect(focusedName()).toBe('Beta');
    await userEvent.keyboard('{End}{ArrowDown}');
    expect(focusedName()).toBe('Alpha');
    await userEvent.keyboard('{ArrowLeft}');
    expect(focusedName()).toBe('Gamma');
    await userEvent.keyboard('{Home}{ArrowRight}');
    expect(focusedName()).toBe('Beta');
    await userEvent.tab();
    expect(focusedName()).toBe('Remover a etiqueta Beta');
    await userEvent.tab();
    expect(focusedName()).toBe('Escolher as etiquetas do atendimento');
    await userEvent.tab({ shift: true });
    expect(focusedName()).toBe('Beta');
    await expectNoA11yViolations(container);
  });

  it('removes the focused tag with Delete or Backspace; focus goes to the next, else the previous, else the group', async () => {
    render(
      <AtendeRoot locale="pt">
        <Harness />
      </AtendeRoot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'antes' }));
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{Delete}');
    expect(focusedName()).toBe('Gamma');
    await userEvent.keyboard('{Backspace}');
    expect(focusedName()).toBe('Alpha');
    await userEvent.keyboard('{Delete}');
    const group = screen.getByRole('group', { name: 'Etiquetas do atendimento' });
    expect(document.activeElement).toBe(group);
    expect(group).toHaveTextContent('Sem etiquetas');
  });

  it('removes a tag with its x', async () => {
    render(
      <AtendeRoot locale="en">
        <Harness />
      </AtendeRoot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove the tag Gamma Gamma' }));
    expect(screen.getAllByRole('row').map((row) => row.getAttribute('aria-label'))).toEqual(['Alpha', 'Beta']);
  });
});
