import { useMemo } from 'react';
import { useSendApiMessage, type ApiSendVariables } from '../data/messages-api';
import { useT } from '../../../i18n';
import { messagesApiTexts } from '../messages-api.texts';
import { useToast } from '../../../primitives/Toast/Toast';
import { useAtende } from '../../../provider/context';
import type { ApiSendRequest } from '../ApiSendForm/ApiSendForm';
import { MessagesApiView } from '../MessagesApiView/MessagesApiView';
import { messagesSendUrl } from '../messages-api-rules';

/** Spec back-office §2: toasts in these areas close after 3 seconds. */
export const MESSAGES_API_TOAST_MS = 3000;

export interface MessagesApiProps {
  /** 'Abrir ticket' after a test send: the console goes to /tickets/{uuid}. Without it no link is shown. */
  onOpenTicket?: (uuid: string) => void;
  /** 'Ir para Conexões', where the tokens are made: the console goes to /connections. */
  onOpenConnections?: () => void;
  /** The server's per-token limit a minute, when the host knows it differs from the default 60. */
  rateLimitPerMinute?: number;
  /** Level of the section headings (2 by default). */
  headingLevel?: 2 | 3;
}

function variablesOf({ token, number, body, closeTicket, file }: ApiSendRequest): ApiSendVariables {
  return file ? { token, number, body, closeTicket, files: [file] } : { token, number, body, closeTicket };
}

/**
 * The messages-API page (spec back-office §2, /messages-api), connected: the documentation shows the URL of the
 * API this provider talks to, and the two test forms send through `useSendApiMessage`, authenticated by the
 * token typed in them (not the signed-in user's session). A success toasts 'Mensagem enviada com sucesso' and
 * shows the ticket; a failure shows the translated error and the failing fields.
 */
export function MessagesApi({ onOpenTicket, onOpenConnections, rateLimitPerMinute, headingLevel }: MessagesApiProps) {
  const t = useT(messagesApiTexts);
  const toast = useToast();
  const { apiUrl } = useAtende();
  const endpoint = useMemo(() => messagesSendUrl(apiUrl), [apiUrl]);
  const text = useSendApiMessage();
  const media = useSendApiMessage();

  const sender = (mutation: typeof text) => async (request: ApiSendRequest) => {
    await mutation.mutateAsync(variablesOf(request));
    toast.success(t('messagesApi.toast.sent'), { timeout: MESSAGES_API_TOAST_MS });
  };

  return (
    <MessagesApiView
      endpoint={endpoint}
      rateLimitPerMinute={rateLimitPerMinute}
      onOpenConnections={onOpenConnections}
      headingLevel={headingLevel}
      textForm={{ onSend: sender(text), result: text.data, error: text.error, onOpenTicket }}
      mediaForm={{ onSend: sender(media), result: media.data, error: media.error, onOpenTicket }}
    />
  );
}
