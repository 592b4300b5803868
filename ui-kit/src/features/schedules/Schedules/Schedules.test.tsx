import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ScheduleDto } from '../data/schedules';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../test/signed-in';
import { scheduleDto, storyContacts, storyContactsPage, storySchedules } from '../story-data';
import { Schedules } from './Schedules';

/** An in-memory /schedules with the contacts of the stories. */
function schedulesApi(initial: ScheduleDto[] = storySchedules) {
  let rows = [...initial];
  const calls: string[] = [];
  const posted: unknown[] = [];
  const routes: Routes = {
    'GET /schedules': (request) => {
      const url = new URL(request.url);
      calls.push(`GET ${url.search}`);
      const term = url.searchParams.get('searchParam') ?? '';
      const found = rows.filter((s) => !term || s.contact.name.toLowerCase().includes(term) || s.body.toLowerCase().includes(term));
      return json(200, { schedules: found, count: found.length, hasMore: false });
    },
    'GET /contacts': (request: Request) => json(200, storyContactsPage(request)),
    'GET /contacts/2': () =>
      json(200, { ...storyContacts[1], email: null, profilePicUrl: null, isGroup: false, extraInfo: [], companyId: 3, whatsappId: null }),
    'POST /schedules': async (request) => {
      const body = (await request.json()) as { body: string; contactId: number; sendAt: string };
      posted.push(body);
      const contact = storyContacts.find((c) => c.id === body.contactId)!;
      const row = scheduleDto({ id: 50, ...body, contact: { ...contact, profilePicUrl: null } });
      rows = [...rows, row];
      return json(201, row);
    },
    'DELETE /schedules/3': () => {
      calls.push('DELETE 3');
      rows = rows.filter((s) => s.id !== 3);
      return new Response(null, { status: 204 });
    },
  };
  return { routes, calls, posted };
}

const eventButton = async (label: string) => {
  await waitFor(() => expect(document.querySelector(`button[aria-label="${label}"]`)).not.toBeNull());
  return document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
};

describe('Schedules (connected)', () => {
  it('reads the last 60 days, and with a contactId opens the add modal prefilled with that contact; the save posts it; axe-clean', async () => {
    const api = schedulesApi();
    const { container } = renderSignedIn(<Schedules contactId={2} />, api.routes);
    const dialog = await screen.findByRole('dialog');
    // The modal hides the page from assistive technology while it is open.
    expect(screen.getByRole('heading', { name: 'Agendamentos (5)', hidden: true })).toBeInTheDocument();
    expect(api.calls[0]).toContain('daysAgo=60');
    expect(within(dialog).getByRole('heading', { name: 'Novo agendamento' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Contato/ })).toHaveValue('João Pedro Lima (5511987650002)'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Sua encomenda chegou');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.posted).toEqual([{ body: 'Sua encomenda chegou', contactId: 2, sendAt: expect.any(String) }]));
    expect(await screen.findByText('Agendamento salvo com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Agendamentos (6)' })).toBeInTheDocument());
    await expectNoA11yViolations(container);
  });

  it('merges the schedule channel by id: a create adds, an update replaces, a delete removes', async () => {
    const api = schedulesApi();
    const { emit } = renderSignedIn(<Schedules />, api.routes);
    expect(await screen.findByRole('heading', { name: 'Agendamentos (5)' })).toBeInTheDocument();
    const fresh = scheduleDto({ id: 77, sendAt: storySchedules[0].sendAt });
    emit('schedule', { action: 'create', schedule: fresh });
    expect(await screen.findByRole('heading', { name: 'Agendamentos (6)' })).toBeInTheDocument();
    emit('schedule', { action: 'update', schedule: { ...fresh, status: 'ENVIADA', sentAt: fresh.sendAt } });
    emit('schedule', { action: 'delete', scheduleId: 1 });
    expect(await screen.findByRole('heading', { name: 'Agendamentos (5)' })).toBeInTheDocument();
  });

  it('deletes a schedule after the confirmation, with the spec toast', async () => {
    const api = schedulesApi();
    renderSignedIn(<Schedules />, api.routes);
    expect(await screen.findByRole('heading', { name: 'Agendamentos (5)' })).toBeInTheDocument();
    await userEvent.click(await eventButton('Excluir agendamento de Padaria Pão Quente'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls).toContain('DELETE 3'));
    expect(await screen.findByText('Agendamento excluído com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agendamentos (4)' })).toBeInTheDocument();
  });
});
