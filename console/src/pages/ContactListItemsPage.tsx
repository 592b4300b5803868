import { useHref, useNavigate, useParams } from 'react-router';
import { ContactListItems } from '@atende/ui-kit';
import './ContactListsPage.css';

/** /contact-lists/:contactListId/contacts (spec back-office §2): a list's contacts, the import and its progress; back goes to /contact-lists. */
export function ContactListItemsPage() {
  const navigate = useNavigate();
  const backHref = useHref('/contact-lists');
  const id = Number(useParams().contactListId);
  return (
    <div className="console-contact-lists">
      <ContactListItems
        key={id}
        contactListId={id}
        headingLevel={1}
        onBack={() => void navigate('/contact-lists')}
        backHref={backHref}
        maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 14rem)"
      />
    </div>
  );
}
