import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../client';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json, sessionUser } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import type { Invoice } from '../billing-rules';
import { companyDto, invoiceDto, pixChargeDto, sampleInvoices, samplePlans, STORY_TODAY } from '../story-data';
import { Invoices } from './Invoices';

type Company = Schema<'SessionUserDto'>['company'];
const ADMIN = {
  permissions: ['session:self', 'billing:manage'] as Schema<'Permission'>[],
  name: 'Ana Atendente',
  company: { id: 3, name: 'Empresa Demo', dueDate: '2026-12-20', trialExpiration: null, email: 'financeiro@demo.atende.local' } as Company,
};
const nbsp = (s: string) => s.replace(/\s/g, ' ');

function renderPage(extra: Routes = {}, onPaid = vi.fn(), invoices: Invoice[] = sampleInvoices) {
  const store = { invoices: [...invoices] };
  const routes: Routes = {
    'GET /invoices/all': (request) => {
      const term = new URL(request.url).searchParams.get('searchParam') ?? '';
      const matching = store.invoices.filter((i) => !term || i.detail.includes(term) || String(i.id) === term);
      return json(200, { invoices: matching, count: matching.length, hasMore: false });
    },
    'GET /plans/list': () => json(200, samplePlans),
    'POST /subscription': () => json(201, pixChargeDto()),
    'POST /subscription/sandbox/atd0000000000000000000000000014/pay': () => json(200, pixChargeDto({ status: 'paid' })),
    'GET /auth/me': () => json(200, sessionUser({ ...ADMIN, company: { ...ADMIN.company, dueDate: '2027-01-20' } })),
    ...extra,
  };
  const utils = renderSignedIn(<Invoices today={STORY_TODAY} onPaid={onPaid} />, routes, ADMIN);
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent, onPaid, store };
}

const rowOf = (id: number) => {
  // hidden: also behind an open dialog (the modal hides the page from assistive technology).
  const row = screen
    .getAllByRole('row', { hidden: true })
    .find((r) => within(r).queryAllByRole('rowheader', { hidden: true }).length > 0 && r.textContent?.startsWith(String(id)));
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

/** Through 'Dados' and 'Personalizar' to 'Revisar' with a valid payer. */
async function fillToReview(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
  await within(dialog).findByRole('radiogroup', { name: /^Plano/ });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
  await within(dialog).findByText('Total estimado');
}

describe('Invoices (connected)', () => {
  it('lists the invoices with BRL values, dd/MM/yyyy dates and the display status; PAGAR only on open ones; axe-clean', async () => {
    const { container } = renderPage();
    await screen.findByText('Plano Ouro · 1 mês (vencimento 20/12/2026)');
    expect(within(rowOf(14)).getByText((t) => nbsp(t) === 'R$ 1.234,56')).toBeInTheDocument();
    expect(within(rowOf(14)).getByText('20/12/2026')).toBeInTheDocument();
    expect(within(rowOf(14)).getByText('Em Aberto')).toHaveAttribute('data-status', 'open');
    expect(within(rowOf(11)).getByText('Vencido')).toHaveAttribute('data-status', 'overdue');
    expect(within(rowOf(8)).getByText('Pago')).toHaveAttribute('data-status', 'paid');
    expect(within(rowOf(14)).getByRole('button', { name: 'Pagar a fatura 14' })).toHaveTextContent('PAGAR');
    expect(within(rowOf(11)).getByRole('button', { name: 'Pagar a fatura 11' })).toBeInTheDocument();
    expect(within(rowOf(8)).queryByRole('button')).toBeNull();
    expect(within(rowOf(8)).getByText('PAGO')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('says when there are no invoices', async () => {
    renderPage({}, vi.fn(), []);
    expect(await screen.findByText('Nenhuma fatura por aqui')).toBeInTheDocument();
  });

  it(
    'pays through Dados (checked: the name only), Personalizar and Revisar: the body has no card field, no address and no price; then the Pix view',
    { timeout: 30_000 },
    async () => {
      const { sent } = renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Pagar a fatura 14' }));
      const dialog = await screen.findByRole('dialog', { name: 'Pagar a fatura 14' });
      const current = () => dialog.querySelector('[aria-current="step"]')?.textContent;
      expect(current()).toContain('Dados');
      // The payer's name only: a Pix charge needs no postal address.
      expect(
        within(dialog)
          .getAllByRole('textbox')
          .map((box) => box.getAttribute('name')),
      ).toEqual(['firstName']);
      expect(within(dialog).queryByRole('textbox', { name: /^Endereço|^Cidade|^CEP/ })).toBeNull();
      expect(within(dialog).queryByRole('textbox', { name: /cart|card|CVV/i })).toBeNull();

      const name = within(dialog).getByRole('textbox', { name: /^Nome completo/ });
      expect(name).toHaveValue('Ana Atendente');
      await userEvent.clear(name);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
      expect(await within(dialog).findByText('O nome completo é obrigatório')).toBeInTheDocument();
      expect(current()).toContain('Dados');
      await userEvent.type(name, 'Ana Souza');

      await fillToReview(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
      expect(current()).toContain('Personalizar');
      const ouro = within(dialog).getByRole('radio', { name: /^Ouro/ });
      expect(ouro).toBeChecked();
      expect(within(dialog).getByText((t) => nbsp(t) === 'R$ 399,90/mês')).toBeInTheDocument();
      expect(within(dialog).getByText('Usuários: 50')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('radio', { name: /^Completo/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
      expect(current()).toContain('Revisar');
      expect(within(dialog).getByText('Ana Souza')).toBeInTheDocument();
      expect(within(dialog).queryByText('Endereço')).toBeNull();
      expect(within(dialog).getByText((t) => nbsp(t) === 'R$ 399,90')).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
      expect(await screen.findByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento')).toBeInTheDocument();
      expect(sent('POST', '/subscription')).toEqual([{ invoiceId: 14, planId: 3, firstName: 'Ana Souza' }]);
      const qr = await within(dialog).findByRole('img', { name: (n) => nbsp(n) === 'QR code do Pix de R$ 149,90' });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr).toHaveAttribute('width', '256');
      expect(within(dialog).getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(pixChargeDto().qrcode.qrcode);
      expect(within(dialog).getByRole('button', { name: 'Copiar o código Pix' })).toBeInTheDocument();
      expect(within(dialog).getByText('Aguardando a confirmação do pagamento…')).toBeInTheDocument();
      await expectNoA11yViolations(dialog);
    },
  );

  it('sandbox: simulates the payment; the payment event toasts the renewal, marks the row paid, refreshes the session and calls onPaid', async () => {
    const { sent, emit, onPaid, api } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar a fatura 14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar a fatura 14' });
    await fillToReview(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
    const note = await within(dialog).findByRole('note', { name: 'Ambiente de teste' });
    await userEvent.click(within(note).getByRole('button', { name: 'Simular pagamento' }));
    await waitFor(() => expect(sent('POST', '/subscription/sandbox/atd0000000000000000000000000014/pay')).toHaveLength(1));

    const company = companyDto({ dueDate: '2027-01-20' });
    const paid = invoiceDto({ ...sampleInvoices[0], status: 'paid', paidAt: '2026-12-10T12:00:00.000Z' });
    // As the server sends them: the invoice and the company on their channels, then the payment.
    emit('invoice', { action: 'update', invoice: paid });
    emit('company', { action: 'update', company });
    emit('payment', { action: 'CONCLUIDA', invoice: paid, company });
    expect(await screen.findAllByText('Sua licença foi renovada até 20/01/2027!')).not.toHaveLength(0);
    expect(onPaid).toHaveBeenCalledWith(company);
    expect(within(dialog).getByText('Pagamento confirmado!', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(14)).getByText('Pago')).toBeInTheDocument());
    await waitFor(() => expect(api.calls.some((c) => c.method === 'GET' && c.path === '/auth/me')).toBe(true));
  });

  it("ignores another invoice's payment", async () => {
    const { emit, onPaid } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar a fatura 14' }));
    await screen.findByRole('dialog', { name: 'Pagar a fatura 14' });
    emit('payment', { action: 'CONCLUIDA', invoice: invoiceDto({ id: 99, status: 'paid' }), company: companyDto() });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('a live invoice event: a new one at the top, a paid one updated', async () => {
    const { emit } = renderPage();
    await screen.findByText('Plano Ouro · 1 mês (vencimento 20/12/2026)');
    emit('invoice', { action: 'create', invoice: invoiceDto({ id: 20, detail: 'Plano Ouro · 1 mês (vencimento 20/01/2027)', dueDate: '2027-01-20' }) });
    const first = await screen.findByText('Plano Ouro · 1 mês (vencimento 20/01/2027)');
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryAllByRole('rowheader').length > 0);
    expect(rows[0]).toContainElement(first);
    emit('invoice', { action: 'update', invoice: invoiceDto({ ...sampleInvoices[1], status: 'paid' }) });
    await waitFor(() => expect(within(rowOf(11)).getByText('Pago')).toBeInTheDocument());
  });

  it('puts a server field error on its step, and toasts a gateway error', async () => {
    let answer = json(400, { error: 'ERR_VALIDATION', message: 'invalid', fields: [{ field: 'firstName', messages: ['Nome inválido'] }] });
    renderPage({ 'POST /subscription': () => answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar a fatura 14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar a fatura 14' });
    await fillToReview(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
    expect(await within(dialog).findByText('Nome inválido')).toBeInTheDocument();
    expect(dialog.querySelector('[aria-current="step"]')?.textContent).toContain('Dados');

    answer = json(503, { error: 'ERR_PAYMENT_GATEWAY_NOT_CONFIGURED', message: 'off' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Próximo' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Gerar Pix' }));
    expect(await screen.findByText('Os pagamentos não estão configurados neste servidor. Fale com o suporte.')).toBeInTheDocument();
    expect(dialog.querySelector('[aria-current="step"]')?.textContent).toContain('Revisar');
  });

  it('Escape closes the checkout', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar a fatura 14' }));
    await screen.findByRole('dialog', { name: 'Pagar a fatura 14' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without billing:manage it says so and calls nothing', async () => {
    const { api } = (() => {
      const routes: Routes = {};
      return renderSignedIn(<Invoices />, routes, { permissions: ['session:self'] });
    })();
    expect(await screen.findByText('Só os administradores da empresa veem as faturas e a assinatura.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/invoices/all')).toHaveLength(0);
  });
});
