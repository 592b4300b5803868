import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { invoiceDto, pixChargeDto, samplePlans } from '../story-data';
import { CheckoutDialog } from './CheckoutDialog';

const nbsp = (s: string) => s.replace(/\s/g, ' ');

function renderDialog(props: Partial<Parameters<typeof CheckoutDialog>[0]> = {}) {
  const onSubmit = vi.fn(async () => pixChargeDto());
  const onOpenChange = vi.fn();
  render(
    <CheckoutDialog isOpen onOpenChange={onOpenChange} invoice={invoiceDto({ id: 14, periodMonths: 3 })} plans={samplePlans} onSubmit={onSubmit} {...props} />,
  );
  return { onSubmit, onOpenChange, dialog: screen.getByRole('dialog', { name: 'Pagar a fatura 14' }) };
}

describe('CheckoutDialog', () => {
  it('shows the three steps, the current one marked; no card field nor address anywhere; axe-clean', async () => {
    const { dialog } = renderDialog();
    const steps = within(dialog).getByRole('navigation', { name: 'Etapas do pagamento' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Dados', '2Personalizar', '3Revisar']);
    expect(within(steps).getByText('Dados').closest('li')).toHaveAttribute('aria-current', 'step');
    // A Pix charge needs no postal address: the name is the one field.
    expect(within(dialog).queryByText(/^País|^CEP|^Endereço|^Cidade/)).toBeNull();
    expect(dialog.querySelectorAll('input').length).toBe(1);
    expect(dialog.querySelectorAll('input[name*="card" i], input[name*="cvv" i]')).toHaveLength(0);
    await expectNoA11yViolations(dialog);
  });

  it('the review estimates plan value × the invoice months; keyboard chooses the plan', async () => {
    const { dialog, onSubmit } = renderDialog({ payerName: 'Ana' });
    expect(within(dialog).queryByRole('textbox', { name: /^Endereço|^Cidade|^CEP/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
    const ouro = await within(dialog).findByRole('radio', { name: /^Ouro/ });
    expect(ouro).toBeChecked();
    ouro.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('radio', { name: /^Básico/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Próximo' }));
    expect(await within(dialog).findByText((t) => nbsp(t) === 'R$ 149,70')).toBeInTheDocument();
    expect(within(dialog).getByText('3 mês(es)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar Pix' }));
    expect(onSubmit).toHaveBeenCalledWith({
      invoiceId: 14,
      planId: 1,
      firstName: 'Ana',
    });
    expect(await within(dialog).findByText('Pague com Pix')).toBeInTheDocument();
  });

  it('the Pix view closes with Fechar', async () => {
    const { dialog, onOpenChange } = renderDialog({ initialCharge: pixChargeDto() });
    // The footer's 'Fechar' (the header's × is named 'Fechar' too).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
