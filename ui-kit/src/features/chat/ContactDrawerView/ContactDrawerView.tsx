import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Button } from '../../../primitives/Button/Button';
import { Icon } from '../../../primitives/Icon/Icon';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { ContactForm, type ContactFormValues } from '../ContactDrawer/ContactForm';

export type Contact = Schema<'ContactDto'>;

export interface ContactDrawerViewProps {
  contact: Contact;
  isOpen: boolean;
  onClose: () => void;
  /** The inline form's values; resolve to leave edit mode, reject to stay (field errors go on the fields). */
  onSave: (values: ContactFormValues) => Promise<unknown> | void;
  /** The ticket notes section (TicketNotes, or TicketNotesView in stories). */
  notes?: ReactNode;
}

const formValues = (contact: Contact): ContactFormValues => ({
  name: contact.name,
  number: contact.number,
  email: contact.email ?? '',
  extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
});

/**
 * The contact side panel of a ticket (spec §2): 320 px beside the conversation (an overlay on narrow screens) with
 * the picture, name, phone and e-mail links, an edit button that turns the details into the contact form, the
 * extra info, and the ticket notes. Escape or the close button closes it.
 */
export function ContactDrawerView({ contact, isOpen, onClose, onSave, notes }: ContactDrawerViewProps) {
  const t = useT();
  const headingId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (isOpen) closeButton.current?.focus();
  }, [isOpen]);

  if (!isOpen) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    // A dialog opened from inside (note deletion) handles its own Escape first.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  const save = async (values: ContactFormValues) => {
    await onSave(values);
    setEditing(false);
  };

  return (
    // The panel listens for Escape from anything focused inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside className="atd-ContactDrawer" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="atd-ContactDrawer-header">
        <h2 id={headingId} className="atd-ContactDrawer-title">
          {t('contact.drawer')}
        </h2>
        <IconButton ref={closeButton} aria-label={t('contact.close')} icon="close" onPress={onClose} />
      </header>
      <div className="atd-ContactDrawer-body">
        {editing ? (
          <ContactForm initialValues={formValues(contact)} onSave={save} onCancel={() => setEditing(false)} />
        ) : (
          <>
            <div className="atd-ContactDrawer-card">
              <Avatar name={contact.name} src={contact.profilePicUrl ?? contact.urlPicture} size="lg" className="atd-ContactDrawer-avatar" />
              <h3 className="atd-ContactDrawer-name">{contact.name}</h3>
              <dl className="atd-ContactDrawer-links">
                <div>
                  <dt>{t('contact.phone')}</dt>
                  <dd>
                    <a href={`tel:+${contact.number}`} aria-label={t('contact.callPhone', { number: contact.number })}>
                      {contact.number}
                    </a>
                  </dd>
                </div>
                {contact.email && (
                  <div>
                    <dt>{t('contact.email')}</dt>
                    <dd>
                      <a href={`mailto:${contact.email}`} aria-label={t('contact.sendEmail', { email: contact.email })}>
                        {contact.email}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
              <Button variant="secondary" onPress={() => setEditing(true)}>
                <Icon name="edit" /> {t('contact.edit')}
              </Button>
            </div>
            <section className="atd-ContactDrawer-extra" aria-label={t('contact.extraInfo')}>
              <h3 className="atd-ContactDrawer-sectionTitle">{t('contact.extraInfo')}</h3>
              {contact.extraInfo.length === 0 ? (
                <p className="atd-ContactDrawer-empty">{t('contact.extraInfoEmpty')}</p>
              ) : (
                <dl className="atd-ContactDrawer-extraList">
                  {contact.extraInfo.map((info) => (
                    <div key={info.id}>
                      <dt>{info.name}</dt>
                      <dd>{info.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          </>
        )}
        {notes}
      </div>
    </aside>
  );
}
