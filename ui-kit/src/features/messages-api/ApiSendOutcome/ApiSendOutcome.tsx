import type { ApiSendResult } from '../data/messages-api';
import { errorText } from '../../../i18n/error-text';
import { useLocale, useT } from '../../../i18n';
import { messagesApiTexts } from '../messages-api.texts';
import type { MessageKey } from '../../../i18n/pt';
import { Button } from '../../../primitives/Button/Button';
import { MessagesApiIcon } from '../messages-api-icons';
import { serverFieldMessageKey } from '../messages-api-rules';

export interface ApiSendOutcomeProps {
  /** The answer of a send that worked. */
  result?: ApiSendResult | null;
  /** A send that failed: an ApiRequestError (code, status, fields) or any error. Ignored when `result` is given. */
  error?: unknown;
  /** 'Abrir ticket': the host opens the ticket the message went to (the console goes to /tickets/{uuid}). */
  onOpenTicket?: (uuid: string) => void;
}

const STATUS_KEYS: Record<ApiSendResult['ticketStatus'], MessageKey> = {
  pending: 'messagesApi.ticketStatus.pending',
  open: 'messagesApi.ticketStatus.open',
  closed: 'messagesApi.ticketStatus.closed',
};

const FIELD_KEYS: Record<string, MessageKey> = {
  number: 'messagesApi.field.number',
  body: 'messagesApi.field.body',
  closeTicket: 'messagesApi.field.closeTicket',
};

interface FailedCall {
  code?: string;
  status?: number;
  fields?: { field: string; messages: string[] }[];
}

/**
 * What a test send answered, in a polite live region: the ticket the message went to (its number, its status, a
 * link to open it) and how many messages were queued; or the translated error, its HTTP status and code, and the
 * failing fields with their messages. Nothing (an empty live region) before the first send.
 */
export function ApiSendOutcome({ result, error, onOpenTicket }: ApiSendOutcomeProps) {
  const t = useT(messagesApiTexts);
  const locale = useLocale();

  const fieldName = (field: string) => {
    const key = FIELD_KEYS[field] ?? (/^medias(\[\d+\])?$/.test(field) ? 'messagesApi.field.file' : undefined);
    return key ? t(key) : field;
  };
  const fieldMessage = (field: string, message: string) => {
    const key = serverFieldMessageKey(field, message);
    return key ? t(key) : message;
  };

  let content = null;
  if (result) {
    const count = result.messages.length;
    content = (
      <div className="atd-ApiSendOutcome-box" data-kind="success">
        <p className="atd-ApiSendOutcome-title">
          <MessagesApiIcon name="success" />
          {t('messagesApi.result.sent')}
        </p>
        <dl className="atd-ApiSendOutcome-facts">
          <div>
            <dt>{t('messagesApi.result.ticket')}</dt>
            <dd>
              #{result.ticketId} · {t(STATUS_KEYS[result.ticketStatus])}
            </dd>
          </div>
          <div>
            <dt>{t('messagesApi.result.contact')}</dt>
            <dd>#{result.contactId}</dd>
          </div>
          <div>
            <dt>{t('messagesApi.result.messages')}</dt>
            <dd>{t(count === 1 ? 'messagesApi.result.queuedOne' : 'messagesApi.result.queuedMany', { count })}</dd>
          </div>
        </dl>
        {onOpenTicket && (
          <Button variant="secondary" className="atd-ApiSendOutcome-open" onPress={() => onOpenTicket(result.ticketUuid)}>
            <MessagesApiIcon name="open" />
            {t('messagesApi.result.openTicket', { id: result.ticketId })}
          </Button>
        )}
      </div>
    );
  } else if (error) {
    const failed = error as FailedCall;
    const fields = Array.isArray(failed.fields) ? failed.fields.filter((f) => typeof f?.field === 'string') : [];
    content = (
      <div className="atd-ApiSendOutcome-box" data-kind="error">
        <p className="atd-ApiSendOutcome-title">
          <MessagesApiIcon name="error" />
          {t('messagesApi.result.failed')}
        </p>
        <p className="atd-ApiSendOutcome-message">{errorText(locale, error)}</p>
        {(failed.status !== undefined || failed.code) && (
          <p className="atd-ApiSendOutcome-code">{[failed.status !== undefined ? `HTTP ${failed.status}` : null, failed.code].filter(Boolean).join(' · ')}</p>
        )}
        {fields.length > 0 && (
          <>
            <p className="atd-ApiSendOutcome-fieldsTitle">{t('messagesApi.result.fields')}</p>
            <ul className="atd-ApiSendOutcome-fields">
              {fields.map(({ field, messages }) => (
                <li key={field}>
                  <strong>{fieldName(field)}</strong>: {(Array.isArray(messages) ? messages : []).map((m) => fieldMessage(field, m)).join(' ')}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="atd-ApiSendOutcome" aria-live="polite">
      {content}
    </div>
  );
}
