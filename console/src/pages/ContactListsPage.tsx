import { useHref, useNavigate } from 'react-router';
import { ContactLists } from '@atende/ui-kit';
import './ContactListsPage.css';

/** The contacts page of a list, inside the console. */
export const contactListContactsPath = (id: number) => `/contact-lists/${id}/contacts`;

/** /contact-lists (spec back-office §2): the kit's contact lists; a list's contacts open at /contact-lists/{id}/contacts. */
export function ContactListsPage() {
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  return (
    <div className="console-contact-lists">
      <ContactLists
        headingLevel={1}
        onOpenContacts={(list) => void navigate(contactListContactsPath(list.id))}
        hrefForContacts={(list) => `${base}${contactListContactsPath(list.id)}`}
        maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 10rem)"
      />
    </div>
  );
}
