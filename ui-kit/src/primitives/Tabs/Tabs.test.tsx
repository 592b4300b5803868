import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

function TicketTabs({ onSelectionChange }: { onSelectionChange?: (key: unknown) => void }) {
  return (
    <Tabs onSelectionChange={onSelectionChange}>
      <TabList aria-label="Atendimentos">
        <Tab id="open" count={3} countLabel="atendimentos">
          Abertas
        </Tab>
        <Tab id="closed">Resolvidos</Tab>
        <Tab id="search" isDisabled>
          Busca
        </Tab>
      </TabList>
      <TabPanel id="open">Lista de abertos</TabPanel>
      <TabPanel id="closed">Lista de resolvidos</TabPanel>
      <TabPanel id="search">Busca</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the selected tab’s panel and switches on click', async () => {
    const onSelectionChange = vi.fn();
    render(<TicketTabs onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tab', { name: /Abertas/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista de abertos');
    await userEvent.click(screen.getByRole('tab', { name: 'Resolvidos' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista de resolvidos');
    expect(onSelectionChange).toHaveBeenLastCalledWith('closed');
  });

  it('moves with the arrow keys and skips disabled tabs', async () => {
    render(<TicketTabs />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: /Abertas/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Resolvidos' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Abertas/ })).toHaveFocus();
  });

  it('reads the count badge with its label', async () => {
    const { container } = render(<TicketTabs />);
    expect(screen.getByRole('tab', { name: 'Abertas 3 atendimentos' })).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });
});
