import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { STORY_DAY, storySchedules } from '../story-data';
import { SchedulesView, type SchedulesViewProps } from './SchedulesView';

/**
 * jsdom measures nothing: FullCalendar keeps its day-grid events `visibility: hidden` until it has, so the event
 * buttons are found by their label directly (role queries over the whole grid are slow); Chromium clicks them for real.
 */
const eventButton = async (label: string) => {
  await waitFor(() => expect(document.querySelector(`button[aria-label="${label}"]`)).not.toBeNull());
  return document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
};

function renderView(props: Partial<SchedulesViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = { onSearchChange: vi.fn(), onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(async () => {}) };
  const view = render(
    <AtendeRoot locale={locale}>
      <SchedulesView schedules={storySchedules} search="" initialDate={STORY_DAY} headingLevel={1} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...handlers, ...view };
}

describe('SchedulesView', () => {
  it('shows the title with the count, the search, Adicionar and the month with each schedule by contact name; axe-clean', async () => {
    const { onAdd, container } = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Agendamentos (5)' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toBeInTheDocument();
    const calendar = screen.getByRole('region', { name: 'Calendário de agendamentos' });
    for (const name of ['Maria Clara Souza', 'João Pedro Lima', 'Padaria Pão Quente']) expect(within(calendar).getAllByText(name).length).toBeGreaterThan(0);
    expect(within(calendar).getByRole('button', { name: 'Hoje' })).toBeInTheDocument();
    for (const label of ['Mês', 'Semana', 'Dia', 'Agenda']) expect(within(calendar).getByRole('tab', { name: label })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalled();
    await expectNoA11yViolations(container);
  });

  it('edits from the pencil (a sent one is viewed) and deletes after the confirmation', async () => {
    const { onEdit, onDelete } = renderView();
    await userEvent.click(await eventButton('Editar agendamento de Maria Clara Souza'));
    expect(onEdit).toHaveBeenCalledWith(storySchedules[0]);
    expect(await eventButton('Ver agendamento de João Pedro Lima')).toBeInTheDocument();
    await userEvent.click(await eventButton('Excluir agendamento de Padaria Pão Quente'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir o agendamento de Padaria Pão Quente?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalledWith(storySchedules[2]);
  });

  it('speaks English and Spanish', () => {
    renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'Schedules (5)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeInTheDocument();
  });

  it('switches to the agenda (list) view, where the schedules of the week are listed', async () => {
    renderView();
    await userEvent.click(screen.getByRole('tab', { name: 'Agenda' }));
    expect(screen.getByRole('tab', { name: 'Agenda' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByText('Maria Clara Souza', { exact: true }).length).toBeGreaterThan(0);
  });
});
