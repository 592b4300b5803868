import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { sampleInvoices, STORY_TODAY } from '../story-data';
import { InvoicesView } from './InvoicesView';

const props = { hasMore: false, onLoadMore: vi.fn(), isLoading: false, search: '', onSearchChange: vi.fn(), onPay: vi.fn(), today: STORY_TODAY };

describe('InvoicesView', () => {
  it('has the spec columns; PAGAR calls onPay; axe-clean', async () => {
    const onPay = vi.fn();
    const { container } = render(<InvoicesView {...props} invoices={sampleInvoices} onPay={onPay} />);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Id', 'Detalhes', 'Valor', 'Data Venc.', 'Status', 'Ação']);
    await userEvent.click(screen.getByRole('button', { name: 'Pagar a fatura 11' }));
    expect(onPay).toHaveBeenCalledWith(sampleInvoices[1]);
    await expectNoA11yViolations(container);
  });

  it('a search without results offers to clear it', async () => {
    const onSearchChange = vi.fn();
    render(<InvoicesView {...props} invoices={[]} search="xyz" onSearchChange={onSearchChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Limpar a pesquisa' }));
    expect(onSearchChange).toHaveBeenCalledWith('');
  });

  it("links the subscription page ('Assinatura') when the host gives its address, and not otherwise", () => {
    const { unmount } = render(<InvoicesView {...props} invoices={sampleInvoices} subscriptionHref="/subscription" />);
    expect(screen.getByRole('link', { name: 'Assinatura' })).toHaveAttribute('href', '/subscription');
    unmount();
    render(<InvoicesView {...props} invoices={sampleInvoices} />);
    expect(screen.queryByRole('link', { name: 'Assinatura' })).toBeNull();
  });
});
