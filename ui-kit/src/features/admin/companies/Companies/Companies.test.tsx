import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '../../../../client';
import { useSession } from '../../../../provider/context';
import { expectNoA11yViolations } from '../../../../test/a11y';
import { json, sessionUser } from '../../../../test/provider-fakes';
import { renderSignedIn, type Routes } from '../../../../test/signed-in';
import { addDays, localToday } from '../../holidays/holiday-dates';
import { formatDueDate, nextDueDate } from '../company-rules';
import { companyDto, companyUserDto, sampleCompanies, sampleCompanyUsers, storyPlans } from '../story-data';
import { Companies } from './Companies';

const SUPER = {
  super: true,
  permissions: ['session:self', 'companies:manage', 'users:impersonate', 'plans:manage'] as Schema<'Permission'>[],
};

function SessionProbe() {
  const { user, impersonated } = useSession();
  return (
    <p data-testid="session">
      {user?.name} {impersonated ? 'impersonated' : 'own'}
    </p>
  );
}

function renderPanel(extra: Routes = {}, onImpersonated = vi.fn()) {
  const companies = sampleCompanies();
  const routes: Routes = {
    'GET /companies': (request) => {
      const search = new URL(request.url).searchParams.get('searchParam')?.toLowerCase();
      const found = search ? companies.filter((c) => c.name.toLowerCase().includes(search)) : companies;
      return json(200, { companies: found, count: found.length, hasMore: false });
    },
    'GET /plans/all': () => json(200, storyPlans),
    'GET /platform-settings': () => json(200, { signupOpen: true }),
    ...extra,
  };
  const utils = renderSignedIn(
    <>
      <SessionProbe />
      <Companies onImpersonated={onImpersonated} />
    </>,
    routes,
    SUPER,
  );
  const sent = (method: string, path: string) =>
    utils.api.calls.filter((c) => c.method === method && c.path === path).map((c) => (c.body ? (JSON.parse(c.body) as unknown) : undefined));
  return { ...utils, sent, onImpersonated };
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const toneOf = (name: string) => row(name).querySelector('[data-due-tone]')?.getAttribute('data-due-tone') ?? null;

describe('Companies (connected)', () => {
  it('lists the companies with the due-date tints and a visible "Vencida" on every passed due date; axe-clean', async () => {
    const { container } = renderPanel();
    await screen.findByRole('row', { name: /^Atende Demo/ }, { timeout: 10_000 });
    expect(toneOf('Atende Demo')).toBeNull();
    expect(toneOf('Barbearia Central')).toBe('yellow');
    expect(toneOf('Clínica Sorriso')).toBe('orange');
    expect(toneOf('Doceria da Ana')).toBe('orange');
    expect(toneOf('Eletro Silva')).toBe('orange');
    expect(toneOf('Farmácia Vida')).toBe('red');
    expect(toneOf('Gráfica Rápida')).toBeNull();
    // Overdue rows say so in words, whatever their colour (none for 10 days overdue).
    for (const name of ['Eletro Silva', 'Farmácia Vida', 'Gráfica Rápida']) expect(within(row(name)).getByText('Vencida')).toBeInTheDocument();
    for (const name of ['Atende Demo', 'Barbearia Central', 'Doceria da Ana']) expect(within(row(name)).queryByText('Vencida')).toBeNull();
    expect(within(row('Barbearia Central')).getByText('em 5 dia(s)')).toBeInTheDocument();
    expect(within(row('Doceria da Ana')).getByText('vence hoje')).toBeInTheDocument();
    expect(within(row('Farmácia Vida')).getByText('há 4 dia(s)')).toBeInTheDocument();
    expect(within(row('Barbearia Central')).getByText(formatDueDate(addDays(localToday(), 5), 'pt'))).toBeInTheDocument();
    expect(within(row('Hotel Mar Azul')).getByText('Sem vencimento')).toBeInTheDocument();
    expect(within(row('Gráfica Rápida')).getByText('Inativa')).toBeInTheDocument();
    expect(within(row('Atende Demo')).getByText('Anual')).toBeInTheDocument();
    await expectNoA11yViolations(container);
  });

  it('adds a company with its plan and the admin login (password sent); the row comes from the answer', async () => {
    const { sent } = renderPanel({
      'POST /companies': async (request) => {
        const body = (await request.json()) as Schema<'CreateCompanyDto'>;
        return json(201, companyDto({ id: 50, name: body.name, email: body.email, planId: 2, plan: { id: 2, name: 'Completo' }, dueDate: null }));
      },
    });
    await screen.findByRole('row', { name: /^Atende Demo/ }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar empresa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // Name, e-mail and password are required on create.
    expect(await within(dialog).findAllByText('Obrigatório')).toHaveLength(4);
    expect(sent('POST', '/companies')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'A');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'adm@nova');
    await userEvent.type(within(dialog).getByLabelText(/^Senha do administrador/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByText('Muito curto!')).toHaveLength(2);
    expect(within(dialog).getByText('E-mail inválido')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'cme Ltda');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), '.com');
    await userEvent.type(within(dialog).getByLabelText(/^Senha do administrador/), '45');
    await userEvent.click(within(dialog).getByRole('button', { name: /Plano/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeInTheDocument();
    expect(sent('POST', '/companies')).toEqual([
      {
        name: 'Acme Ltda',
        email: 'adm@nova.com',
        phone: null,
        planId: 2,
        status: true,
        campaignsEnabled: false,
        dueDate: null,
        recurrence: 'MENSAL',
        password: '12345',
      },
    ]);
    expect(await screen.findByRole('row', { name: /^Acme Ltda/ })).toBeInTheDocument();
  });

  it('edits a company (PUT, no password); a taken name goes on the name with the spec toast', async () => {
    let taken = true;
    const { sent } = renderPanel({
      'PUT /companies/4': async (request) => {
        if (taken) return json(409, { error: 'ERR_COMPANY_NAME_EXISTS', message: 'taken' });
        const body = (await request.json()) as Schema<'UpdateCompanyDto'>;
        return json(200, companyDto({ ...sampleCompanies()[2], ...body, plan: { id: 2, name: 'Completo' } }));
      },
    });
    await screen.findByRole('row', { name: /^Clínica Sorriso/ }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Clínica Sorriso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar empresa' });
    expect(within(dialog).queryByLabelText(/^Senha/)).toBeNull();
    const name = within(dialog).getByRole('textbox', { name: /^Nome/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Clínica Sorriso Feliz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Já existe uma empresa com este nome.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente',
      ),
    ).toBeInTheDocument();
    taken = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('row', { name: /^Clínica Sorriso Feliz/ })).toBeInTheDocument();
    const bodies = sent('PUT', '/companies/4');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ name: 'Clínica Sorriso Feliz', planId: 2, recurrence: 'TRIMESTRAL' });
    expect(bodies[1]).not.toHaveProperty('password');
  });

  it('deletes after the confirmation; a refusal shows the spec toast and the row stays', async () => {
    const { sent } = renderPanel({
      'DELETE /companies/9': () => new Response(null, { status: 204 }),
      'DELETE /companies/8': () => json(403, { error: 'ERR_CANNOT_DELETE_OWN_COMPANY', message: 'own' }),
    });
    await screen.findByRole('row', { name: /^Hotel Mar Azul/ }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Hotel Mar Azul' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir a empresa Hotel Mar Azul?' })).getByRole('button', { name: 'Excluir' }),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Hotel Mar Azul/ })).toBeNull());
    expect(sent('DELETE', '/companies/9')).toHaveLength(1);
    expect(screen.getByText('Operação realizada com sucesso!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Excluir Gráfica Rápida' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir a empresa Gráfica Rápida?' })).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Não foi possível realizar a operação')).toBeInTheDocument();
    expect(screen.getByText('Você não pode excluir a sua própria empresa.')).toBeInTheDocument();
    expect(row('Gráfica Rápida')).toBeInTheDocument();
  });

  it("'+ Vencimento' asks first, naming the current and the new due date; then the row shows the new date; 'Desfazer' sets the old one back", async () => {
    const before = sampleCompanies()[1].dueDate!;
    const newDue = addDays(localToday(), 35);
    const { sent } = renderPanel({
      'POST /companies/2/extend-due-date': () => json(200, { ...sampleCompanies()[1], dueDate: newDue }),
      'PUT /companies/2/due-date': () => json(200, { ...sampleCompanies()[1], dueDate: before }),
    });
    await screen.findByRole('row', { name: /^Barbearia Central/ }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: '+ Vencimento de Barbearia Central' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Estender o vencimento de Barbearia Central?' });
    const next = formatDueDate(nextDueDate(before, 'MENSAL'), 'pt');
    expect(
      within(dialog).getByText(`O vencimento passa de ${formatDueDate(before, 'pt')} para ${next}: um período a mais (Mensal) sem cobrança.`),
    ).toBeInTheDocument();
    // Nothing was given away by opening the dialog.
    expect(sent('POST', '/companies/2/extend-due-date')).toHaveLength(0);
    await expectNoA11yViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Estender vencimento' }));

    const date = formatDueDate(newDue, 'pt');
    expect(await within(row('Barbearia Central')).findByText(date)).toBeInTheDocument();
    expect(toneOf('Barbearia Central')).toBeNull();
    expect(screen.getByText(`Novo vencimento: ${date}`)).toBeInTheDocument();
    expect(sent('POST', '/companies/2/extend-due-date')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(sent('PUT', '/companies/2/due-date')).toEqual([{ dueDate: before, expectedDueDate: newDue }]));
    expect(await within(row('Barbearia Central')).findByText(formatDueDate(before, 'pt'))).toBeInTheDocument();
    expect(await screen.findByText(`Vencimento restaurado: ${formatDueDate(before, 'pt')}`)).toBeInTheDocument();
  }, 30_000);

  it("'+ Vencimento' cancelled changes nothing", async () => {
    const { sent } = renderPanel();
    await screen.findByRole('row', { name: /^Barbearia Central/ }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: '+ Vencimento de Barbearia Central' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('POST', '/companies/2/extend-due-date')).toHaveLength(0);
  });

  it('bulk: selects rows, changes their plan (failures named) and extends them after a confirmation', async () => {
    const { sent } = renderPanel({
      'POST /companies/bulk': (request) => {
        void request;
        return json(200, {
          okCount: 1,
          failedCount: 1,
          results: [
            { id: 2, ok: true, company: { ...sampleCompanies()[1], planId: 2, plan: { id: 2, name: 'Completo' } } },
            { id: 5, ok: false, error: 'ERR_NO_COMPANY_FOUND', message: 'Company not found' },
          ],
        });
      },
    });
    await screen.findByRole('row', { name: /^Barbearia Central/ }, { timeout: 10_000 });
    await userEvent.click(within(row('Barbearia Central')).getByRole('checkbox'));
    await userEvent.click(within(row('Doceria da Ana')).getByRole('checkbox'));
    const toolbar = screen.getByRole('toolbar', { name: 'Ações nas empresas selecionadas' });
    expect(within(toolbar).getByText('2 selecionada(s)')).toBeInTheDocument();

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Alterar plano' }));
    const planDialog = await screen.findByRole('alertdialog', { name: 'Alterar o plano de 2 empresa(s)' });
    await userEvent.click(within(planDialog).getByRole('button', { name: /Plano/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completo' }));
    await userEvent.click(within(planDialog).getByRole('button', { name: 'Alterar plano' }));
    await waitFor(() => expect(sent('POST', '/companies/bulk')).toEqual([{ ids: [2, 5], action: 'changePlan', planId: 2 }]));
    expect(await screen.findByText(/1 não alterada\(s\): Doceria da Ana/)).toBeInTheDocument();
    expect(await within(row('Barbearia Central')).findByText('Completo')).toBeInTheDocument();

    await userEvent.click(within(row('Eletro Silva')).getByRole('checkbox'));
    await userEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '+ Vencimento' }));
    const extendDialog = await screen.findByRole('alertdialog', { name: 'Estender o vencimento de 1 empresa(s)?' });
    expect(within(extendDialog).getByText(/^Eletro Silva:/)).toBeInTheDocument();
    await userEvent.click(within(extendDialog).getByRole('button', { name: 'Estender vencimento' }));
    await waitFor(() => expect(sent('POST', '/companies/bulk')).toHaveLength(2));
    expect(sent('POST', '/companies/bulk')[1]).toEqual({ ids: [6], action: 'extendDueDate' });
  }, 30_000);

  it("the platform's public sign-up switch (PUT /platform-settings)", async () => {
    const { sent } = renderPanel({ 'PUT /platform-settings': () => json(200, { signupOpen: false }) });
    const toggle = await screen.findByRole('switch', { name: 'Cadastro público aberto' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(sent('PUT', '/platform-settings')).toEqual([{ signupOpen: false }]));
    expect(await screen.findByText('Cadastro público: fechado (somente por convite)')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('merges a company from the realtime `company` channel by id', async () => {
    const { emit } = renderPanel();
    await screen.findByRole('row', { name: /^Doceria da Ana/ }, { timeout: 10_000 });
    emit('company', { action: 'update', company: { ...sampleCompanies()[3], name: 'Doceria da Ana e Filhos', status: false } });
    expect(await screen.findByRole('row', { name: /^Doceria da Ana e Filhos/ })).toBeInTheDocument();
    expect(within(row('Doceria da Ana e Filhos')).getByText('Inativa')).toBeInTheDocument();
    expect(screen.getAllByRole('row', { name: /^Doceria/ })).toHaveLength(1);
  });

  it("'Acessar como': confirmation, the company's users (search debounced, infinite scroll), then the session becomes the user's", async () => {
    const searches: (string | null)[] = [];
    const target = companyUserDto({ id: 21, name: 'Carlos', companyId: 4 });
    const { sent, api, onImpersonated } = renderPanel({
      'GET /companies/4/users': (request) => {
        const url = new URL(request.url);
        const search = url.searchParams.get('searchParam');
        const page = Number(url.searchParams.get('pageNumber'));
        searches.push(search);
        if (search) return json(200, { users: sampleCompanyUsers.filter((u) => u.name.toLowerCase().includes(search)), count: 1, hasMore: false });
        return page === 1
          ? json(200, { users: sampleCompanyUsers.slice(0, 2), count: 3, hasMore: true })
          : json(200, { users: sampleCompanyUsers.slice(2), count: 3, hasMore: false });
      },
      'GET /auth/impersonate/21/7': () =>
        json(200, { token: 'token-carlos', user: sessionUser({ id: 21, name: 'Carlos', companyId: 4, impersonatorId: 7, permissions: ['session:self'] }) }),
    });
    await screen.findByRole('row', { name: /^Clínica Sorriso/ }, { timeout: 10_000 });
    expect(screen.getByTestId('session')).toHaveTextContent('Ana own');

    await userEvent.click(screen.getByRole('button', { name: 'Acessar como Clínica Sorriso' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Acessar como Clínica Sorriso?' });
    expect(api.calls.some((c) => c.path === '/companies/4/users')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Escolher usuário' }));

    const dialog = await screen.findByRole('dialog', { name: 'Acessar como: Clínica Sorriso' });
    expect(await within(dialog).findByRole('row', { name: /^Beatriz/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('row', { name: /^Daniela/ })).toBeNull();
    // Infinite scroll: near the bottom, the next page.
    fireEvent.scroll(dialog.querySelector('.atd-Table-scroll')!);
    expect(await within(dialog).findByRole('row', { name: /^Daniela/ })).toBeInTheDocument();

    // The search waits 500 ms after the last change. Pasted, 'car' is one change, so what is asked right after it and
    // then does not hang on how fast a loaded machine types (useDebounced's timing is proven with fake timers in
    // useCrudPage.test.tsx).
    const before = searches.length;
    await userEvent.click(within(dialog).getByRole('searchbox', { name: 'Pesquisar usuário' }));
    await userEvent.paste('car');
    expect(searches.slice(before).filter(Boolean)).toEqual([]);
    await waitFor(() => expect(searches).toContain('car'), { timeout: 1500 });
    expect(searches.filter((s) => s && s !== 'car')).toEqual([]);
    await waitFor(() => expect(within(dialog).queryByRole('row', { name: /^Beatriz/ })).toBeNull());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Entrar como Carlos' }));
    await waitFor(() => expect(onImpersonated).toHaveBeenCalledWith(expect.objectContaining({ id: 21, name: 'Carlos' })));
    expect(sent('GET', '/auth/impersonate/21/7')).toHaveLength(1);
    expect(screen.getByTestId('session')).toHaveTextContent('Carlos impersonated');
    expect(target.id).toBe(21);
  });

  it('is usable from the keyboard: Enter on an action opens its dialog, Escape closes it and returns the focus', async () => {
    renderPanel();
    await screen.findByRole('row', { name: /^Eletro Silva/ }, { timeout: 10_000 });
    const extendButton = screen.getByRole('button', { name: 'Acessar como Eletro Silva' });
    act(() => extendButton.focus());
    await userEvent.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Acessar como Eletro Silva?' });
    expect(within(confirm).getByRole('button', { name: 'Escolher usuário' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(extendButton).toHaveFocus());
  });
});
