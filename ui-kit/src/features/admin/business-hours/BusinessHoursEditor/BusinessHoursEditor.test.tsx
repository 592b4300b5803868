import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { AtendeRoot } from '../../../../theme/AtendeRoot';
import { defaultSchedules, type Schedule } from '../business-hours';
import { BusinessHoursEditor } from './BusinessHoursEditor';

function Harness({ showErrors = false, onChange = () => {}, locale }: { showErrors?: boolean; onChange?: (s: Schedule[]) => void; locale?: 'en' }) {
  const [value, setValue] = useState(defaultSchedules());
  return (
    <AtendeRoot locale={locale}>
      <BusinessHoursEditor
        value={value}
        showErrors={showErrors}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </AtendeRoot>
  );
}

describe('BusinessHoursEditor', () => {
  it("lists the week with its hours, the spec's hint and Sunday closed; axe-clean", async () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Horários de Atendimento' })).toBeInTheDocument();
    expect(screen.getByText('Clique em salvar para registar as alterações')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Início de Segunda-feira' })).toHaveValue('09:00');
    expect(screen.getByRole('textbox', { name: 'Fim de Sábado' })).toHaveValue('12:00');
    const sunday = screen.getByText('Domingo').closest('li') as HTMLElement;
    expect(within(sunday).getByText('Fechado')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('masks typing as ##:## and hands the whole week back', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const start = screen.getByRole('textbox', { name: 'Início de Terça-feira' });
    await userEvent.clear(start);
    await userEvent.type(start, '0830');
    expect(start).toHaveValue('08:30');
    const last = onChange.mock.calls.at(-1)?.[0] as Schedule[];
    expect(last).toHaveLength(7);
    expect(last[1]).toMatchObject({ weekdayEn: 'tuesday', startTime: '08:30', endTime: '18:00' });
    expect(last[0].startTime).toBe('09:00');
  });

  it('shows the errors once a save was tried: a bad time and an end before the start', async () => {
    render(<Harness showErrors />);
    const start = screen.getByRole('textbox', { name: 'Início de Segunda-feira' });
    await userEvent.clear(start);
    await userEvent.type(start, '19');
    expect(await screen.findByText('Use HH:MM (00:00 a 23:59)')).toBeInTheDocument();
    await userEvent.type(start, '00');
    expect(screen.getByText('O fim não pode ser antes do início')).toBeInTheDocument();
  });

  it('speaks the locale of its root', () => {
    render(<Harness locale="en" />);
    expect(screen.getByRole('textbox', { name: 'Monday start' })).toHaveValue('09:00');
    expect(screen.getByText('Click save to record the changes')).toBeInTheDocument();
  });
});
