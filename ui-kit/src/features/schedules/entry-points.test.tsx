import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../client';
import { expectNoA11yViolations } from '../../test/a11y';
import { contactDto, ticketDto } from '../../test/data-fixtures';
import { json, sessionUser } from '../../test/provider-fakes';
import { renderSignedIn } from '../../test/signed-in';
import { ChatHeader } from '../chat/ChatHeader/ChatHeader';
import { ContactsPage } from '../contacts/ContactsPage/ContactsPage';
import { scheduleDto } from './story-data';

const maria = contactDto({ id: 1, name: 'Maria Clara Souza', number: '5511987650001' });
const features = (useSchedules: boolean) => ({ features: { ...sessionUser().features, useSchedules } });

/** The schedule API as far as the modal uses it when opened for a contact: the create. */
function scheduleRoutes(posted: unknown[]) {
  return {
    'POST /schedules': async (request: Request) => {
      const body = (await request.json()) as Schema<'CreateScheduleDto'>;
      posted.push(body);
      return json(201, scheduleDto({ id: 9, ...body, sendAt: String(body.sendAt) }));
    },
  };
}

describe('the schedule modal from the attendance area', () => {
  it("contacts list: 'Agendar' on a contact opens the modal for that contact and saves the schedule (plan with schedules)", async () => {
    const posted: unknown[] = [];
    const { container } = renderSignedIn(
      <ContactsPage onOpenTicket={vi.fn()} />,
      { 'GET /contacts': () => json(200, { contacts: [maria], count: 1, hasMore: false }), ...scheduleRoutes(posted) },
      features(true),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Agendar mensagem para Maria Clara Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' });
    expect(within(dialog).getByRole('combobox', { name: /Contato/ })).toHaveValue('Maria Clara Souza (5511987650001)');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Lembrete do retorno');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posted).toEqual([{ body: 'Lembrete do retorno', contactId: 1, sendAt: expect.any(String) }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectNoA11yViolations(container);
  });

  it('contacts list: no schedule action without the plan feature', async () => {
    renderSignedIn(
      <ContactsPage onOpenTicket={vi.fn()} />,
      { 'GET /contacts': () => json(200, { contacts: [maria], count: 1, hasMore: false }) },
      features(false),
    );
    expect(await screen.findByRole('button', { name: /Editar/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agendar mensagem para Maria Clara Souza' })).toBeNull();
  });

  it("ticket options menu: 'Agendamento' opens the modal prefilled with the ticket's contact", async () => {
    const ticket = ticketDto({ id: 100, status: 'open', userId: 7, contact: maria });
    renderSignedIn(<ChatHeader ticket={ticket} onLeave={vi.fn()} onToggleContact={vi.fn()} contactOpen={false} />, scheduleRoutes([]), features(true));
    await userEvent.click(screen.getByRole('button', { name: /Opções do ticket|Mais opções|Opções/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Agendamento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' });
    expect(within(dialog).getByRole('combobox', { name: /Contato/ })).toHaveValue('Maria Clara Souza (5511987650001)');
  });
});
