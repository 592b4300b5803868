import { useNavigate } from 'react-router';
import { KanbanBoard, useT } from '@atende/ui-kit';
import './KanbanPage.css';

/** /kanban (spec back-office §2): the kit's kanban board; 'Ver Ticket' opens /tickets/{uuid}. */
export function KanbanPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <section className="console-kanban" aria-labelledby="console-kanban-title">
      <h1 id="console-kanban-title" className="console-kanban-title">
        {t('kanban.title')}
      </h1>
      <KanbanBoard className="console-kanban-board" onOpenTicket={(uuid) => void navigate(`/tickets/${uuid}`)} />
    </section>
  );
}
