import { useNavigate } from 'react-router';
import { Connections } from '@atende/ui-kit';
import './ConnectionsPage.css';

/** /connections (spec administration §2): the kit's connections page; a new API token's dialog links to /messages-api. */
export function ConnectionsPage() {
  const navigate = useNavigate();
  return (
    <div className="console-connections">
      <Connections headingLevel={1} onOpenMessagesApi={() => void navigate('/messages-api')} />
    </div>
  );
}
