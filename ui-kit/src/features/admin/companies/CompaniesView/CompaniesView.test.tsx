import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { sampleCompanies } from '../story-data';
import { CompaniesView, type CompaniesViewProps } from './CompaniesView';

const TODAY = '2026-03-01';

function renderView(props: Partial<CompaniesViewProps> = {}, locale: 'pt' | 'en' | 'es' = 'pt') {
  const handlers = {
    hasMore: false,
    onLoadMore: vi.fn(),
    isLoading: false,
    search: '',
    onSearchChange: vi.fn(),
    onAdd: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(async () => {}),
    onExtendDueDate: vi.fn(async () => {}),
    onImpersonate: vi.fn(),
  };
  const utils = render(
    <AtendeRoot locale={locale}>
      <CompaniesView companies={sampleCompanies(TODAY)} today={TODAY} {...handlers} {...props} />
    </AtendeRoot>,
  );
  return { ...utils, handlers };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('CompaniesView', () => {
  it.each([
    ['pt', 'Vencida', '+ Vencimento de Eletro Silva', 'Acessar como Eletro Silva', 'Adicionar empresa', '01/03/26'],
    ['en', 'Overdue', '+ Due date of Eletro Silva', 'Access as Eletro Silva', 'Add company', '03/01/26'],
    ['es', 'Vencida', '+ Vencimiento de Eletro Silva', 'Acceder como Eletro Silva', 'Agregar empresa', '01/03/26'],
  ] as const)('%s: its texts and dd/MM/yy dates', async (locale, overdue, extend, impersonate, add, today) => {
    const { container } = renderView({}, locale);
    expect(within(row('Eletro Silva')).getByText(overdue)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: extend })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: impersonate })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: add })).toBeInTheDocument();
    expect(within(row('Doceria da Ana')).getByText(today)).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('marks the own company and offers no delete for it; hides Acessar como without users:impersonate', () => {
    renderView({ currentCompanyId: 1, canImpersonate: false });
    expect(within(row('Atende Demo')).getByText('sua empresa')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir Atende Demo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir Barbearia Central' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Acessar como/ })).toBeNull();
  });

  it('asks before Acessar como; cancelling does nothing', async () => {
    const { handlers } = renderView();
    await userEvent.click(screen.getByRole('button', { name: 'Acessar como Clínica Sorriso' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Acessar como Clínica Sorriso?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(handlers.onImpersonate).not.toHaveBeenCalled();
  });

  it('a search without results offers to clear it', async () => {
    const { handlers } = renderView({ companies: [], search: 'zzz' });
    expect(screen.getByText('Nenhuma empresa para “zzz”')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    expect(handlers.onSearchChange).toHaveBeenCalledWith('');
  });
});
