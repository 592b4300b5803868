import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { pixChargeDto } from '../story-data';
import { PixPayment } from './PixPayment';

const nbsp = (s: string) => s.replace(/\s/g, ' ');

describe('PixPayment', () => {
  it('draws the QR code from the copia e cola (256 px), the amount, the expiry and a copy button; axe-clean', async () => {
    const { container } = render(<PixPayment charge={pixChargeDto({ gateway: 'efi' })} />);
    const qr = screen.getByRole('img', { name: (n) => nbsp(n) === 'QR code do Pix de R$ 149,90' });
    expect(qr).toHaveAttribute('width', '256');
    expect(screen.getByText((t) => nbsp(t) === 'R$ 149,90')).toBeInTheDocument();
    expect(screen.getByText('Válido até')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(pixChargeDto().qrcode.qrcode);
    expect(screen.getByRole('button', { name: 'Copiar o código Pix' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    await expectNoA11yViolations(container);
  });

  it("a sandbox charge: the 'Ambiente de teste' note with 'Simular pagamento'", async () => {
    const onSimulate = vi.fn(async () => {});
    render(<PixPayment charge={pixChargeDto()} onSimulatePayment={onSimulate} />);
    expect(screen.getByRole('note', { name: 'Ambiente de teste' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Simular pagamento' }));
    expect(onSimulate).toHaveBeenCalledWith(pixChargeDto());
  });

  it('paid: says so with the new due date, and hides the simulation', () => {
    render(<PixPayment charge={pixChargeDto()} onSimulatePayment={vi.fn()} paid="2027-01-20" />);
    expect(screen.getByText('Pagamento confirmado!', { exact: false })).toHaveTextContent('Pagamento confirmado! Sua licença foi renovada até 20/01/2027!');
    expect(screen.queryByRole('button', { name: 'Simular pagamento' })).toBeNull();
  });
});
