import { useEditMessage, useSendMedia, useSendMessage } from '../data/messages';
import { useUsableQuickMessages } from '../../quick-messages/data/quick-messages';
import { fillMessageVariables, messageVariableValues, type Schema } from '../../../client';
import { useLocale, useT } from '../../../i18n';
import { unwrap } from '../../../provider/api-error';
import { useToast } from '../../../primitives/Toast/Toast';
import { useAtende, useSession, useTheme } from '../../../provider/context';
import { composerEnabled } from '../../tickets/ticket-rules';
import { ComposerView } from '../ComposerView/ComposerView';
import type { QuickMessage } from '../ComposerView/quick-replies';
import { useCompanySettings } from '../../../provider/company-settings';
import { useOwnPresence } from '../chat-presence';
import { isOfficialTicket, useCustomerWindow } from '../data/official';
import { lazy, Suspense } from 'react';

// Only official connections outside the customer's window show it: its own chunk (a Select and the template form stay
// out of the ticket list + chat bundle, vite.embed.config.ts).
const TemplateComposer = lazy(() => import('../TemplateComposer/TemplateComposer').then((m) => ({ default: m.TemplateComposer })));

type TicketDto = Schema<'TicketDto'>;
type MessageDto = Schema<'MessageDto'>;

export interface ComposerProps {
  ticket: TicketDto;
  /** Reply mode: the message the next text answers (sent as quotedMsg). */
  replyTo: MessageDto | null;
  /** Edit mode: the own message the text replaces (POST /messages/edit/{id}). */
  editing: MessageDto | null;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  /** After anything was sent or edited (the reply and edit modes are ended by the parent through these). */
  onSent?: () => void;
}

/**
 * The connected message input of a ticket: enabled per composerEnabled (open tickets; group tickets when groups
 * are tickets), sends text (with the quoted message in reply mode) through useSendMessage, edits through
 * useEditMessage, files and voice notes as multipart through useSendMedia; quick replies from
 * GET /quick-messages/list. Failures are toasted with the kit's error texts.
 */
export function Composer({ ticket, replyTo, editing, onCancelReply, onCancelEdit, onSent }: ComposerProps) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const { client } = useAtende();
  const { user } = useSession();
  const { theme } = useTheme();
  const settings = useCompanySettings();
  const enabled = composerEnabled(ticket, settings);
  const quickMessages = useUsableQuickMessages({ enabled, staleTime: 60_000 });
  const sendMessage = useSendMessage(ticket.id);
  const sendMedia = useSendMedia(ticket.id);
  const editMessage = useEditMessage();
  // Typing and recording reach the contact (not while editing a sent message).
  const reportActivity = useOwnPresence(ticket.id, enabled && !editing);

  const disabledReason = enabled ? null : ticket.status === 'closed' ? t('composer.disabled.closed') : t('composer.disabled.accept');

  /** Runs a call; a failure is toasted and rethrown so the view keeps what was typed. */
  const attempt = async (call: () => Promise<unknown>, after?: () => void) => {
    try {
      await call();
    } catch (err) {
      toast.toastError(err);
      throw err;
    }
    after?.();
    onSent?.();
  };

  // Filled on the company's clock, the greeting in the attendant's language; the API fills what is left the same way.
  const fillVariables = (text: string) =>
    fillMessageVariables(
      text,
      messageVariableValues({
        contact: ticket.contact,
        userName: user?.name,
        queueName: ticket.queue?.name ?? null,
        ticket,
        now: new Date(),
        timeZone: user?.company?.timezone,
        language: locale,
      }),
    );

  // Outside the customer's 24-hour window an official connection takes only approved templates: the composer offers them.
  const official = isOfficialTicket(ticket);
  const window = useCustomerWindow(ticket.id, { enabled: official && enabled });
  if (official && enabled && !editing && window.data && !window.data.open) {
    return (
      <Suspense fallback={null}>
        <TemplateComposer ticket={ticket} fillVariables={fillVariables} onSent={onSent} />
      </Suspense>
    );
  }

  const loadQuickReplyMedia = async (quick: QuickMessage): Promise<File> => {
    const blob = await unwrap(client.GET('/quick-messages/{id}/media', { params: { path: { id: quick.id } }, parseAs: 'blob' }));
    return new File([blob], quick.mediaName || quick.mediaPath || quick.shortcode, { type: blob.type });
  };

  return (
    <ComposerView
      disabledReason={disabledReason}
      replyTo={replyTo}
      editing={editing}
      onCancelReply={onCancelReply}
      onCancelEdit={onCancelEdit}
      quickMessages={quickMessages.data ?? []}
      fillVariables={fillVariables}
      loadQuickReplyMedia={loadQuickReplyMedia}
      theme={theme}
      onSendText={(text) =>
        editing
          ? attempt(() => editMessage.mutateAsync({ messageId: editing.id, body: text }), onCancelEdit)
          : attempt(
              () => sendMessage.mutateAsync(replyTo ? { body: text, quotedMsg: { id: replyTo.id } } : { body: text }),
              replyTo ? onCancelReply : undefined,
            )
      }
      onSendFiles={(files, caption) =>
        attempt(() => sendMedia.mutateAsync({ files, body: caption, quotedMsgId: replyTo?.id }), replyTo ? onCancelReply : undefined)
      }
      onActivity={reportActivity}
      onSendVoice={(file) =>
        attempt(() => sendMedia.mutateAsync({ files: [file], quotedMsgId: replyTo?.id, voiceNote: true }), replyTo ? onCancelReply : undefined)
      }
    />
  );
}
