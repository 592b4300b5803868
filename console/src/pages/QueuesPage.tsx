import { Queues } from '@atende/ui-kit';
import './QueuesPage.css';

/** /queues (spec administration §2): the kit's queues page, with the hours tab and the chatbot option tree. */
export function QueuesPage() {
  return (
    <div className="console-queues">
      <Queues headingLevel={1} />
    </div>
  );
}
