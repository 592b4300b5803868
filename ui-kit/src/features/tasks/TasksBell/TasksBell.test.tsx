import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtendeShell } from '../../../shell/AtendeShell';
import { expectNoA11yViolations } from '../../../test/a11y';
import { json } from '../../../test/provider-fakes';
import { renderSignedIn } from '../../../test/signed-in';
import { sampleTasks, taskDto } from '../story-data';
import { TasksBell } from './TasksBell';

const tasksRoute = (tasks = sampleTasks, calls: string[] = []) => ({
  'GET /tasks': () => {
    calls.push('GET /tasks');
    return json(200, tasks);
  },
});

describe('TasksBell', () => {
  it("lists the pending tasks' texts (not the completed ones) and leads to the tasks page", async () => {
    const onOpenTasks = vi.fn();
    const { container } = renderSignedIn(<TasksBell onOpenTasks={onOpenTasks} />, tasksRoute());
    const list = await screen.findByRole('list', { name: 'Tarefas pendentes' });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(['Enviar proposta para a Loja Central', 'Ligar para a Ana sobre o orçamento']);
    await userEvent.setup().click(items[1]);
    expect(onOpenTasks).toHaveBeenCalledTimes(1);
    await expectNoA11yViolations(container);
  });

  it("says 'Nenhuma tarefa pendente.' when every task is done or there is none", async () => {
    renderSignedIn(<TasksBell onOpenTasks={() => {}} />, tasksRoute([taskDto({ completed: true })]));
    expect(await screen.findByText('Nenhuma tarefa pendente.')).toBeInTheDocument();
  });

  it('follows the task channel: a new pending task appears, a completed one leaves', async () => {
    const { emit } = renderSignedIn(<TasksBell onOpenTasks={() => {}} />, tasksRoute());
    await screen.findByText('Enviar proposta para a Loja Central');
    emit('task', { action: 'create', task: taskDto({ id: 9, text: 'Nova do outro aparelho', createdAt: '2026-11-25T10:00:00.000Z' }) });
    expect(await screen.findByText('Nova do outro aparelho')).toBeInTheDocument();
    emit('task', { action: 'update', task: { ...sampleTasks[0], completed: true } });
    await waitFor(() => expect(screen.queryByText('Enviar proposta para a Loja Central')).toBeNull());
    emit('task', { action: 'delete', taskId: 9 });
    await waitFor(() => expect(screen.queryByText('Nova do outro aparelho')).toBeNull());
  });
});

describe('the top bar tasks bell (AtendeShell onOpenTasks)', () => {
  it('shows the pending count first among the bells; choosing a task opens the page and closes the list', async () => {
    const onOpenTasks = vi.fn();
    renderSignedIn(<AtendeShell currentPath="/" width={1300} onOpenTasks={onOpenTasks} />, tasksRoute());
    const bell = await screen.findByRole('button', { name: 'Tarefas pendentes (2)' });
    const user = userEvent.setup();
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Tarefas pendentes' });
    await user.click(within(dialog).getByRole('button', { name: 'Ligar para a Ana sobre o orçamento' }));
    expect(onOpenTasks).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tarefas pendentes' })).toBeNull());
  });

  it('has no tasks bell (and reads no tasks) without onOpenTasks', async () => {
    const calls: string[] = [];
    renderSignedIn(<AtendeShell currentPath="/" width={1300} />, tasksRoute(sampleTasks, calls));
    await screen.findByRole('banner');
    expect(screen.queryByRole('button', { name: /^Tarefas pendentes/ })).toBeNull();
    expect(calls).toEqual([]);
  });
});
