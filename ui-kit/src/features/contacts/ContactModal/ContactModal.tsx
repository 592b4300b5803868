import { useT } from '../../../i18n';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { ContactForm, type ContactFormValues } from '../../chat/ContactDrawer/ContactForm';

export type { ContactFormValues };

export const EMPTY_CONTACT: ContactFormValues = { name: '', number: '', email: '', extraInfo: [] };

export interface ContactModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** 'add' (empty form, 'Adicionar contato') or 'edit' ('Editar contato'). */
  mode: 'add' | 'edit';
  /** The values the form starts with (read when it opens, or when `isLoading` turns false). */
  initialValues?: ContactFormValues;
  /** The contact's details are still loading (edit): a spinner instead of the form. */
  isLoading?: boolean;
  /** Resolve to close; reject to keep the form open (the API's field errors go on the fields). */
  onSave: (values: ContactFormValues) => Promise<unknown>;
}

/**
 * The contacts page's add and edit modal (spec §5, contact form): name required, 2 to 50 ('Too Short!',
 * 'Too Long!', 'Required'); number 8 to 50, its placeholder country code plus area code plus number; e-mail valid
 * if given ('Invalid email'); extra info rows (name and value) added and removed. The same rules as the contact
 * drawer's form (shared validators), in a dialog named for what it does: the drawer's ContactForm, labelled for adding or editing.
 */
export function ContactModal({ isOpen, onOpenChange, mode, initialValues = EMPTY_CONTACT, isLoading = false, onSave }: ContactModalProps) {
  const t = useT();
  return (
    <Dialog
      title={t(mode === 'add' ? 'contacts.modal.addTitle' : 'contacts.modal.editTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={false}
      className="atd-ContactModal"
    >
      {isLoading ? (
        <div className="atd-ContactModal-loading">
          <Spinner showLabel />
        </div>
      ) : (
        <ContactForm
          label={t(mode === 'add' ? 'contacts.modal.addTitle' : 'contacts.modal.editTitle')}
          initialValues={initialValues}
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}
