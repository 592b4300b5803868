import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoA11yViolations } from '../../../test/a11y';
import { stubEditorLayout } from '../../../test/editor-layout';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { sampleTasks, taskDto } from '../story-data';
import { TodoList } from './TodoList';

type Routes = Parameters<typeof renderSignedIn>[1];

stubEditorLayout();

/** A fake /tasks API holding a list; `fail` makes a method answer 500. */
function tasksApi(initial = sampleTasks, fail: string[] = []) {
  let tasks = [...initial];
  let next = 100;
  const bodies: { method: string; id?: number; body: unknown }[] = [];
  const byId = (method: string, handler: (id: number, body: Record<string, unknown>) => Response) => {
    const routes: Routes = {};
    for (const task of [...initial, ...Array.from({ length: 5 }, (_, i) => taskDto({ id: 100 + i }))]) {
      routes[`${method} /tasks/${task.id}`] = async (request: Request) => {
        const body = method === 'PUT' ? ((await request.json()) as Record<string, unknown>) : {};
        bodies.push({ method, id: task.id, body });
        if (fail.includes(method)) return json(500, { error: 'ERR_INTERNAL', message: 'boom' });
        return handler(task.id, body);
      };
    }
    return routes;
  };
  const routes: Routes = {
    'GET /tasks': () => (fail.includes('GET') ? json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }) : json(200, tasks)),
    'POST /tasks': async (request: Request) => {
      const body = (await request.json()) as { text: string; description: string };
      bodies.push({ method: 'POST', body });
      if (fail.includes('POST')) return json(500, { error: 'ERR_INTERNAL', message: 'boom' });
      const now = '2026-11-25T12:00:00.000Z';
      const task = taskDto({ id: next++, text: body.text, description: body.description, createdAt: now, updatedAt: now });
      tasks = [task, ...tasks];
      return json(201, task);
    },
    ...byId('PUT', (id, body) => {
      const task = { ...tasks.find((x) => x.id === id)!, ...body, updatedAt: '2026-11-25T13:00:00.000Z' };
      tasks = tasks.map((x) => (x.id === id ? task : x));
      return json(200, task);
    }),
    ...byId('DELETE', (id) => {
      tasks = tasks.filter((x) => x.id !== id);
      return json(204, undefined);
    }),
  };
  return { routes, bodies };
}

const list = () => screen.getByRole('list', { name: 'Lista de tarefas' });
const rows = () => within(list()).getAllByRole('listitem');

describe('TodoList', () => {
  it("shows the caller's tasks under 'Lista de tarefas'; a task expands into its description and dates; completed ones are marked", async () => {
    const { container } = renderSignedIn(<TodoList />, tasksApi().routes);
    await screen.findByText('Enviar proposta para a Loja Central');
    expect(screen.getByRole('heading', { name: 'Lista de tarefas' })).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(rows()[2]).toHaveAttribute('data-completed', 'true');
    expect(within(rows()[2]).getByRole('checkbox', { name: /como concluída/ })).toBeChecked();

    const toggle = screen.getByRole('button', { name: 'Enviar proposta para a Loja Central' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const card = rows()[0].querySelector('.atd-TodoList-card')!;
    expect(card.querySelector('strong')).toHaveTextContent('desconto de 10%');
    expect(within(card as HTMLElement).getByRole('link', { name: 'Modelo da proposta' })).toHaveAttribute('href', 'https://atende.test/propostas');
    expect(card).toHaveTextContent(/Criada em \d{2}\/\d{2}\/\d{4}/);
    expect(card).toHaveTextContent(/Atualizada em \d{2}\/\d{2}\/\d{4}/);
    await expectNoA11yViolations(container);
  });

  it("says 'Nenhuma tarefa pendente.' when there is none", async () => {
    renderSignedIn(<TodoList />, tasksApi([]).routes);
    expect(await screen.findByText('Nenhuma tarefa pendente.')).toBeInTheDocument();
  });

  it('adds a task, clears the form and ignores a blank text', async () => {
    const api = tasksApi();
    renderSignedIn(<TodoList />, api.routes);
    await screen.findByText('Enviar proposta para a Loja Central');
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Nova tarefa' });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(api.bodies).toEqual([]);
    await user.clear(field);
    await user.type(field, '  Revisar contrato {Enter}');
    await waitFor(() => expect(api.bodies).toEqual([{ method: 'POST', body: { text: 'Revisar contrato', description: '' } }]));
    await waitFor(() => expect(field).toHaveValue(''));
    expect(within(rows()[0]).getByText('Revisar contrato')).toBeInTheDocument();
  });

  it("edits a task (the button reads 'Salvar'), then returns to add mode", async () => {
    const api = tasksApi();
    renderSignedIn(<TodoList />, api.routes);
    await screen.findByText('Enviar proposta para a Loja Central');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Editar Ligar para a Ana sobre o orçamento' }));
    const field = screen.getByRole('textbox', { name: 'Tarefa' });
    expect(field).toHaveValue('Ligar para a Ana sobre o orçamento');
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar' })).toBeNull();
    await user.clear(field);
    await user.type(field, 'Ligar para a Ana amanhã');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.bodies).toEqual([{ method: 'PUT', id: 2, body: { text: 'Ligar para a Ana amanhã', description: '' } }]));
    expect(await screen.findByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nova tarefa' })).toHaveValue('');
    expect(screen.getByText('Ligar para a Ana amanhã')).toBeInTheDocument();
  });

  it('marks a task done with its checkbox and deletes one after confirming', async () => {
    const api = tasksApi();
    renderSignedIn(<TodoList />, api.routes);
    await screen.findByText('Enviar proposta para a Loja Central');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Marcar Enviar proposta para a Loja Central como concluída' }));
    await waitFor(() => expect(api.bodies[0]).toEqual({ method: 'PUT', id: 3, body: { completed: true } }));
    // Done tasks go after the pending ones.
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Enviar proposta para a Loja Central'));

    await user.click(screen.getByRole('button', { name: 'Excluir Ligar para a Ana sobre o orçamento' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Excluir a tarefa Ligar para a Ana sobre o orçamento?');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByText('Ligar para a Ana sobre o orçamento')).toBeNull());
    expect(api.bodies[1]).toEqual({ method: 'DELETE', id: 2, body: {} });
  });

  it("shows the spec's texts above the list when a call fails", async () => {
    // The view also logs each failure (spec §8): keep the test output quiet.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = tasksApi(sampleTasks, ['POST', 'PUT', 'DELETE']);
    renderSignedIn(<TodoList />, api.routes);
    await screen.findByText('Enviar proposta para a Loja Central');
    const user = userEvent.setup();
    const alert = screen.getByRole('alert');
    await user.type(screen.getByRole('textbox', { name: 'Nova tarefa' }), 'Falha{Enter}');
    await waitFor(() => expect(alert).toHaveTextContent('Erro ao criar a tarefa.'));
    // The form keeps what was typed.
    expect(screen.getByRole('textbox', { name: 'Nova tarefa' })).toHaveValue('Falha');
    await user.click(screen.getByRole('checkbox', { name: 'Marcar Enviar proposta para a Loja Central como concluída' }));
    await waitFor(() => expect(alert).toHaveTextContent('Erro ao atualizar a tarefa.'));
    await user.click(screen.getByRole('button', { name: 'Excluir Ligar para a Ana sobre o orçamento' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(alert).toHaveTextContent('Erro ao excluir a tarefa.'));
    expect(screen.getByText('Ligar para a Ana sobre o orçamento')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('atende: Erro ao criar a tarefa.', expect.any(Error));
  });

  it("tells a refused load ('Erro ao buscar as tarefas…') from a network failure ('Erro de rede…')", async () => {
    renderSignedIn(<TodoList />, tasksApi(sampleTasks, ['GET']).routes);
    expect(await screen.findByText('Erro ao buscar as tarefas. Tente novamente mais tarde.')).toBeInTheDocument();
  });

  it('says so when the network fails', async () => {
    renderSignedIn(<TodoList />, {
      'GET /tasks': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByText('Erro de rede ao buscar tarefas. Verifique sua conexão à internet.', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 12_000);

  it('renders a stored description as HTML and never runs script from it', async () => {
    // What the API would never store, to check the page adds nothing that runs it: React's innerHTML does not run scripts.
    const hostile = taskDto({ id: 7, text: 'XSS', description: '<p>ok</p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>' });
    renderSignedIn(<TodoList />, tasksApi([hostile]).routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'XSS' }));
    await new Promise((r) => setTimeout(r, 50));
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});
