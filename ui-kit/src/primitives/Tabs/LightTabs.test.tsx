import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations } from '../../test/a11y';
import { AtendeRoot } from '../../theme/AtendeRoot';
import { Tab, TabList, TabPanel, Tabs } from './LightTabs';

function Harness() {
  const [tab, setTab] = useState('open');
  return (
    <Tabs selectedKey={tab} onSelectionChange={setTab}>
      <TabList aria-label="Atendimentos">
        <Tab id="open" count={3} countLabel="atendimentos">
          Abertos
        </Tab>
        <Tab id="closed">Resolvidos</Tab>
        <Tab id="search">Busca</Tab>
      </TabList>
      <TabPanel id="open">
        <button>Maria</button>
      </TabPanel>
      <TabPanel id="closed">Nada aqui</TabPanel>
      <TabPanel id="search">
        <input aria-label="Termo" />
      </TabPanel>
    </Tabs>
  );
}

// The behaviour of react-aria-components' Tabs, which the ticket manager used (traced against them).
describe('LightTabs', () => {
  it('shows the selected tab’s panel, labelled by its tab; one tab stop; arrows, Home and End select, wrapping', async () => {
    const { container } = render(
      <AtendeRoot locale="pt">
        <Harness />
      </AtendeRoot>,
    );
    const open = screen.getByRole('tab', { name: /Abertos/ });
    expect(open).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', open.id);
    expect(screen.getByRole('tabpanel')).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('tab', { name: 'Resolvidos' })).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(open).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Busca' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Busca' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Termo' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{End}{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Busca' })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Resolvidos' })).toHaveAttribute('aria-selected', 'true');
    // A panel with nothing focusable in it is a tab stop itself.
    expect(screen.getByRole('tabpanel')).toHaveAttribute('tabindex', '0');
    await expectNoA11yViolations(container);
  });

  it('selects a tab on click', async () => {
    render(
      <AtendeRoot locale="pt">
        <Harness />
      </AtendeRoot>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Resolvidos' }));
    expect(screen.getByRole('tab', { name: 'Resolvidos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Nada aqui');
  });
});
