import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import type { Invoice } from '../billing-rules';
import { invoiceDto, sampleInvoices, samplePlans } from '../story-data';
import { Subscription } from './Subscription';

type Company = Schema<'SessionUserDto'>['company'];
const NOW = new Date('2026-12-10T12:00:00.000Z');
const admin = (company: Partial<Company>) => ({
  permissions: ['session:self', 'billing:manage'] as Schema<'Permission'>[],
  company: { id: 3, name: 'Empresa Demo', email: 'financeiro@demo.atende.local', dueDate: '2026-12-20', trialExpiration: null, ...company } as Company,
});

function renderPage(company: Partial<Company>, invoices: Invoice[] = sampleInvoices) {
  return renderSignedIn(
    <Subscription now={NOW} />,
    {
      'GET /invoices/all': () => json(200, { invoices, count: invoices.length, hasMore: false }),
      'GET /plans/list': () => json(200, samplePlans),
    },
    admin(company),
  );
}

describe('Subscription (connected)', () => {
  it("shows the trial's days left (rounded up) and the billing e-mail, read only; axe-clean", async () => {
    const { container } = renderPage({ trialExpiration: '2026-12-17T13:00:00.000Z' });
    const period = screen.getByRole('textbox', { name: 'Período de teste' });
    expect(period).toHaveValue('Seu período de teste termina em 8 dias!');
    expect(period).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email de cobrança' })).toHaveValue('financeiro@demo.atende.local');
    await screen.findByRole('button', { name: 'Assine Agora!' });
    await expectNoA11yViolations(container);
  });

  it('without a trial, the due date', () => {
    renderPage({ trialExpiration: null, dueDate: '2027-01-20' });
    expect(screen.getByRole('textbox', { name: 'Vencimento' })).toHaveValue('Sua assinatura vence em 20/01/2027');
  });

  it("'Assine Agora!' opens the checkout of the oldest open invoice", async () => {
    renderPage({}, [
      invoiceDto({ id: 14, dueDate: '2027-01-20' }),
      invoiceDto({ id: 11, dueDate: '2026-12-20' }),
      invoiceDto({ id: 8, status: 'paid', dueDate: '2026-11-20' }),
    ]);
    const button = await screen.findByRole('button', { name: 'Assine Agora!' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Pagar a fatura 11' });
    expect(within(dialog).getByRole('textbox', { name: /^Nome completo/ })).toBeInTheDocument();
  });

  it('with no open invoice, it is a link to the invoices page and says why', async () => {
    renderPage({}, [invoiceDto({ id: 8, status: 'paid' })]);
    const link = await screen.findByRole('link', { name: 'Assine Agora!' });
    expect(link).toHaveAttribute('href', '/financeiro');
    expect(link).toHaveAccessibleDescription('Nenhuma fatura em aberto no momento: veja as suas faturas.');
  });
});
