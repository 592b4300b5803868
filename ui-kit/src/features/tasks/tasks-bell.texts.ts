import { defineTexts } from '../../i18n/feature-texts';

/** Texts of the top bar's tasks bell (features/tasks/TasksBell): every user's first load, so kept small. */
export const tasksBellPt = {
  'tasksBell.empty': 'Nenhuma tarefa pendente.',
  'tasksBell.list': 'Tarefas pendentes',
  'tasksBell.more': 'Ver todas as tarefas',
};

export const tasksBellTexts = defineTexts({
  pt: tasksBellPt,
  en: {
    'tasksBell.empty': 'No pending tasks.',
    'tasksBell.list': 'Pending tasks',
    'tasksBell.more': 'See all tasks',
  },
  es: {
    'tasksBell.empty': 'Ninguna tarea pendiente.',
    'tasksBell.list': 'Tareas pendientes',
    'tasksBell.more': 'Ver todas las tareas',
  },
});
