import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { AtendeRoot } from '../../../theme/AtendeRoot';
import { ContactListImportStatus, type ContactListImportView } from './ContactListImportStatus';

const show = (status: ContactListImportView, onDismiss = vi.fn()) => {
  const utils = render(
    <AtendeRoot>
      <ContactListImportStatus status={status} onDismiss={onDismiss} />
    </AtendeRoot>,
  );
  return { ...utils, onDismiss };
};

describe('ContactListImportStatus', () => {
  it('shows a progress bar of the lines read; axe-clean', async () => {
    const { container } = show({ stage: 'running', total: 10_000, processed: 2_500 });
    const bar = screen.getByRole('progressbar', { name: 'Importando contatos' });
    expect(bar).toHaveAttribute('aria-valuenow', '2500');
    expect(bar).toHaveAttribute('aria-valuemax', '10000');
    expect(bar).toHaveAttribute('aria-valuetext', '2.500 de 10.000 linhas');
    expect(screen.queryByRole('button', { name: 'Fechar o resumo da importação' })).toBeNull();
    await expectNoA11yViolations(container);
  });

  it('is indeterminate while the file goes up', () => {
    show({ stage: 'uploading', fileName: 'contatos.xlsx' });
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Enviando contatos.xlsx…')).toBeInTheDocument();
  });

  it('sums up a finished import with its invalid lines by line and field; can be closed', async () => {
    const { container, onDismiss } = show({
      stage: 'done',
      total: 5,
      processed: 5,
      added: 2,
      updated: 1,
      invalid: 2,
      errors: [
        { line: 3, field: 'number', message: 'Too Short!' },
        { line: 4, field: 'email', message: 'Invalid email' },
      ],
    });
    expect(screen.getByText('2 adicionados, 1 atualizados, 2 linhas inválidas.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Importação concluída' })).toHaveAttribute('aria-valuenow', '1');
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Linha 3Número: Muito curto!', 'Linha 4E-mail: E-mail inválido']);
    await expectNoA11yViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Fechar o resumo da importação' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('says why an import failed', () => {
    show({ stage: 'failed', message: 'A planilha não pôde ser lida' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('A importação falhou')).toBeInTheDocument();
    expect(within(alert).getByText('A planilha não pôde ser lida')).toBeInTheDocument();
  });
});
