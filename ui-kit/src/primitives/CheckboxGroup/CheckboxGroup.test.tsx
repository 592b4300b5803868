import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Checkbox } from '../Checkbox/Checkbox';
import { CheckboxGroup } from './CheckboxGroup';

function Queues(props: Partial<Parameters<typeof CheckboxGroup>[0]>) {
  return (
    <CheckboxGroup label="Filas" {...props}>
      <Checkbox value="1">Suporte</Checkbox>
      <Checkbox value="2">Vendas</Checkbox>
    </CheckboxGroup>
  );
}

describe('CheckboxGroup', () => {
  it('is a labelled group whose value is the checked boxes', async () => {
    const onChange = vi.fn();
    render(<Queues defaultValue={['1']} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Filas' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Suporte' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vendas' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '2']);
  });

  it('disables every box and shows its error', () => {
    render(<Queues isDisabled isInvalid errorMessage="Required" />);
    expect(screen.getByRole('checkbox', { name: 'Suporte' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Vendas' })).toBeDisabled();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Queues description="Filas do usuário" isInvalid errorMessage="Required" />);
    await expectNoA11yViolations(container);
  });
});
