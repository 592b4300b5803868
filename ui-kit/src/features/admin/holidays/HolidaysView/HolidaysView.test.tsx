import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { sampleHolidays, STORY_TODAY } from '../story-data';
import { HolidaysView, type HolidaysViewProps } from './HolidaysView';

function renderView(props: Partial<HolidaysViewProps> = {}, locale: 'pt' | 'en' = 'pt') {
  const handlers = { onAdd: vi.fn(), onOpen: vi.fn(), onDelete: vi.fn(async () => {}), onReload: vi.fn(), onSearchChange: vi.fn() };
  const utils = render(
    <AtendeRoot locale={locale}>
      <HolidaysView holidays={sampleHolidays} isLoading={false} today={STORY_TODAY} search="" {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, ...handlers };
}

const grid = () => screen.getByRole('table', { name: 'Dezembro de 2026' });
const monthList = () => screen.getByRole('region', { name: /^Feriados de / });
const dayButton = (label: string) => screen.getByRole('button', { name: `Adicionar feriado em ${label}` });

describe('HolidaysView', () => {
  it("shows today's month Monday first with the locale's names, holidays as status chips, and the month's list; axe-clean", async () => {
    const { container } = renderView();
    expect(screen.getByRole('heading', { name: 'Feriados' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dezembro de 2026' })).toBeInTheDocument();
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.getAttribute('abbr')),
    ).toEqual(['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo']);
    // Today is marked; the 25th holds two chips with their status.
    expect(dayButton('quinta-feira, 10 de dezembro de 2026')).toHaveAttribute('aria-current', 'date');
    const christmas = dayButton('sexta-feira, 25 de dezembro de 2026').closest('td')!;
    expect(
      within(christmas)
        .getAllByRole('button', { name: /, Pendente$/ })
        .map((b) => b.textContent),
    ).toEqual(['Natal', 'Confraternização']);
    expect(screen.getByRole('button', { name: 'Imaculada Conceição, Erro de envio' })).toHaveAttribute('data-status', 'ERRO');
    // The list: December's holidays only (not November's Finados, not 1 January), with their status.
    const items = within(monthList()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.atd-Holidays-itemName')?.textContent)).toEqual([
      'Imaculada Conceição',
      'Véspera de Natal',
      'Natal',
      'Confraternização',
      'Véspera de Ano Novo',
    ]);
    expect(within(items[0]).getByText('Erro de envio')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('in English, names the month and days in English', () => {
    renderView({}, 'en');
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(screen.getByRole('button', { name: 'Add a holiday on Friday, December 25, 2026' })).toBeInTheDocument();
  });

  it('moves between months with previous, next and today; the list follows', async () => {
    renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Mês anterior' }));
    expect(screen.getByRole('heading', { name: 'Novembro de 2026' })).toBeInTheDocument();
    expect(within(monthList()).getByText('Finados')).toBeInTheDocument();
    expect(within(monthList()).getByText('Enviado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    await userEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(screen.getByRole('heading', { name: 'Janeiro de 2027' })).toBeInTheDocument();
    expect(within(monthList()).getByText('Ano Novo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hoje' }));
    expect(screen.getByRole('heading', { name: 'Dezembro de 2026' })).toBeInTheDocument();
  });

  it('is usable from the keyboard: one tab stop on today, arrows move the day (into the next month), Enter adds on it', async () => {
    const { onAdd } = renderView();
    await userEvent.tab(); // search
    await userEvent.tab(); // add
    await userEvent.tab(); // previous
    await userEvent.tab(); // next
    await userEvent.tab(); // today
    await userEvent.tab();
    expect(document.activeElement).toBe(dayButton('quinta-feira, 10 de dezembro de 2026'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(dayButton('sexta-feira, 1 de janeiro de 2027'));
    expect(screen.getByRole('heading', { name: 'Janeiro de 2027' })).toBeInTheDocument();
    await userEvent.keyboard('{PageUp}');
    expect(document.activeElement).toBe(dayButton('terça-feira, 1 de dezembro de 2026'));
    expect(screen.getByRole('heading', { name: 'Dezembro de 2026' })).toBeInTheDocument();
    await userEvent.keyboard('{End}{Enter}');
    expect(document.activeElement).toBe(dayButton('domingo, 6 de dezembro de 2026'));
    expect(onAdd).toHaveBeenLastCalledWith('2026-12-06');
    // Home from Tuesday the 1st is Monday 30 November: the calendar follows into November.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Home}');
    expect(document.activeElement).toBe(dayButton('segunda-feira, 30 de novembro de 2026'));
    expect(screen.getByRole('heading', { name: 'Novembro de 2026' })).toBeInTheDocument();
  });

  it('adds from the button or a day click, opens a holiday from its chip or the list, deletes after the confirmation', async () => {
    const { onAdd, onOpen, onDelete } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar feriado' }));
    expect(onAdd).toHaveBeenLastCalledWith();
    await userEvent.click(dayButton('terça-feira, 15 de dezembro de 2026'));
    expect(onAdd).toHaveBeenLastCalledWith('2026-12-15');
    await userEvent.click(screen.getByRole('button', { name: 'Véspera de Natal, Pendente' }));
    expect(onOpen).toHaveBeenLastCalledWith(sampleHolidays[2]);
    await userEvent.click(within(monthList()).getByRole('button', { name: '31 de dez. de 2026: Véspera de Ano Novo, Pendente' }));
    expect(onOpen).toHaveBeenLastCalledWith(sampleHolidays[5]);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Natal' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir o feriado Natal?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(onDelete).toHaveBeenCalledWith(sampleHolidays[3]);
  });

  it('with a search, lists every match whatever the month', () => {
    renderView({ search: 'ano', holidays: sampleHolidays.filter((h) => /ano/i.test(h.name)) });
    const results = screen.getByRole('region', { name: 'Resultado da pesquisa' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(within(results).getByText('Ano Novo')).toBeInTheDocument();
  });

  it('says when the month is empty, while it loads, and when the list failed, with a reload', async () => {
    const { unmount } = renderView({ holidays: [] });
    expect(screen.getByText(/Nenhum feriado neste mês/)).toBeInTheDocument();
    unmount();
    const loading = renderView({ holidays: undefined, isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Carregando feriados…');
    loading.unmount();
    const { onReload } = renderView({ holidays: undefined, isError: true });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(onReload).toHaveBeenCalled();
  });
});
