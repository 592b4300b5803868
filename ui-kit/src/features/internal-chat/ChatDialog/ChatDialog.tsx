import { useForm } from 'react-hook-form';
import { FormCheckboxGroup, FormTextField } from '../../../forms/Form';
import { FormDialog } from '../../../forms/FormDialog';
import { applyServerErrors } from '../../../forms/server-errors';
import { useT } from '../../../i18n';
import { internalChatTexts } from '../internal-chat.texts';
import { Checkbox } from '../../../primitives/Checkbox/Checkbox';
import type { ChatDto } from '../data/chats';

/** What the dialog saves: the title (trimmed) and the other members' ids. */
export interface ChatFormValues {
  title: string;
  users: number[];
}

export interface ChatDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The chat being edited (its owner only); left out to create one. Mount anew (a `key`) for each opening. */
  chat?: ChatDto | null;
  /** The users one may add: the company's users but the signed-in one. */
  users: { id: number; name: string }[];
  /** Resolve to close; reject to stay open (an API validation error lands on its field). */
  onSave: (values: ChatFormValues) => Promise<void>;
}

interface FormValues {
  title: string;
  users: string[];
}

export const CHAT_TITLE_MAX = 255;

/**
 * Spec back-office §5: the new-chat (and edit) dialog. Title required ('Por favor, preencha o título da conversa.'),
 * at least one user ('Por favor, selecione pelo menos um usuário.'). The spec shows these as alerts; here they are the
 * fields' inline messages, with the spec's texts. The creator is always a member and is not listed.
 */
export function ChatDialog({ isOpen, onOpenChange, chat, users, onSave }: ChatDialogProps) {
  const t = useT(internalChatTexts);
  const form = useForm<FormValues>({
    defaultValues: {
      title: chat?.title ?? '',
      users: chat ? chat.users.filter((u) => u.userId !== chat.ownerId).map((u) => String(u.userId)) : [],
    },
  });

  const submit = async (values: FormValues) => {
    try {
      await onSave({ title: values.title.trim(), users: values.users.map(Number) });
      onOpenChange(false);
    } catch (err) {
      applyServerErrors(form.setError, err);
    }
  };

  return (
    <FormDialog
      title={t(chat ? 'internalChat.dialog.edit' : 'internalChat.dialog.add')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      className="atd-ChatDialog"
      formClassName="atd-ChatDialog-form"
    >
      <FormTextField<FormValues>
        name="title"
        rule={(v: string) => (v.trim() ? true : 'internalChat.dialog.titleRequired')}
        label={t('internalChat.dialog.title')}
        maxLength={CHAT_TITLE_MAX}
        isRequired
        autoFocus
      />
      <FormCheckboxGroup<FormValues>
        name="users"
        rule={(v: string[]) => (v.length > 0 ? true : 'internalChat.dialog.usersRequired')}
        label={t('internalChat.dialog.users')}
        description={users.length ? t('internalChat.dialog.usersHint') : t('internalChat.dialog.noUsers')}
        className="atd-ChatDialog-users"
      >
        {users.map((u) => (
          <Checkbox key={u.id} value={String(u.id)}>
            {u.name}
          </Checkbox>
        ))}
      </FormCheckboxGroup>
    </FormDialog>
  );
}
