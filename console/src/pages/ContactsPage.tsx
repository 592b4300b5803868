import { useNavigate } from 'react-router';
import { ContactsPage as ContactsScreen } from '@atende/ui-kit';
import './ContactsPage.css';

/** /contacts (spec attendance §2): the kit's contacts page; a ticket created from a contact opens at /tickets/{uuid}. */
export function ContactsPage() {
  const navigate = useNavigate();
  return (
    <div className="console-contacts">
      <ContactsScreen headingLevel={1} bulkActions onOpenTicket={(uuid) => void navigate(`/tickets/${uuid}`)} />
    </div>
  );
}
