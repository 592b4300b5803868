import { lazy, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useLocale, useT } from '../../../i18n/locale-context';
import { LazyMount } from '../../../primitives/LazyOverlay/LazyOverlay';
import { ChatIcon } from '../chat-icons';
import { FormattedText } from '../FormattedText/FormattedText';
import { plainWhatsAppText } from '../message-format-text';
import { CONTACT_TYPES, type Message } from '../message-format';
import { MessageOptionsMenu } from '../MessageOptionsMenu/MessageOptionsMenu';
import { AckIcon } from './AckIcon';
import { sendFailureOf, templateOf } from '../data/official';
import { officialTexts } from '../official.texts';
import { translateError } from '../../../i18n/translate';
import { AudioMedia, ContactCard, DocumentMedia, ImageMedia, LocationCard, VideoMedia } from './MessageMedia';

// The edit history (a Dialog) loads when it is first opened.
const EditHistoryDialog = lazy(() => import('./EditHistoryDialog').then((m) => ({ default: m.EditHistoryDialog })));

export interface MessageBubbleProps {
  message: Message;
  /** Edit and delete offered (canEditMessage). */
  canEdit: boolean;
  /** Why edit and delete are not offered for this own recent message (the official API), shown in its menu. */
  editBlockedReason?: string | null;
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  /** The quoted block was pressed: jump to that message. */
  onQuotedPress: (quotedId: string) => void;
  audioRate: number;
  onAudioRateChange: (rate: number) => void;
  /** Briefly marked after a jump to it. */
  highlighted?: boolean;
}

function MessageContent({ message, audioRate, onAudioRateChange }: Pick<MessageBubbleProps, 'message' | 'audioRate' | 'onAudioRateChange'>) {
  const withMedia = Boolean(message.mediaUrl);
  const caption = message.body ? (
    <p className="atd-Message-body">
      <FormattedText text={message.body} />
    </p>
  ) : null;
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return withMedia ? (
        <>
          <ImageMedia message={message} />
          {caption}
        </>
      ) : (
        caption
      );
    case 'video':
      return withMedia ? (
        <>
          <VideoMedia message={message} />
          {caption}
        </>
      ) : (
        caption
      );
    case 'audio':
      return withMedia ? <AudioMedia message={message} rate={audioRate} onRateChange={onAudioRateChange} /> : caption;
    case 'application':
    case 'document':
      return withMedia ? <DocumentMedia message={message} /> : caption;
    case 'locationMessage':
      return <LocationCard message={message} />;
    default:
      if (CONTACT_TYPES.has(message.mediaType)) return <ContactCard message={message} />;
      return caption;
  }
}

/** One message of the history: quoted reply, content by kind, edited mark, time, ack and the options menu. */
export function MessageBubble({
  message,
  canEdit,
  editBlockedReason,
  onReply,
  onEdit,
  onDelete,
  onQuotedPress,
  audioRate,
  onAudioRateChange,
  highlighted,
}: MessageBubbleProps) {
  const t = useT();
  const locale = useLocale();
  const [historyOpen, setHistoryOpen] = useState(false);
  const tOfficial = useT(officialTexts);
  const template = templateOf(message);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(message.createdAt));
  const quoted = message.quotedMsg;

  return (
    <div
      className="atd-Message"
      data-from-me={message.fromMe || undefined}
      data-deleted={message.isDeleted || undefined}
      data-highlighted={highlighted || undefined}
      data-message-id={message.id}
    >
      <div className="atd-Message-bubble">
        {!message.isDeleted && (
          <MessageOptionsMenu
            className="atd-Message-options"
            canEdit={canEdit}
            editBlockedReason={editBlockedReason}
            onReply={() => onReply(message)}
            onEdit={() => onEdit(message)}
            onDelete={() => onDelete(message)}
          />
        )}
        {quoted && !message.isDeleted && (
          <AriaButton className="atd-Message-quoted" data-from-me={quoted.fromMe || undefined} onPress={() => onQuotedPress(quoted.id)}>
            <span className="atd-visually-hidden">{t('chat.quoted.jump')}: </span>
            <span className="atd-Message-quotedAuthor">{quoted.fromMe ? t('chat.fromMe') : null}</span>
            <span className="atd-Message-quotedBody">{(quoted.body && plainWhatsAppText(quoted.body)) || t('chat.quoted.media')}</span>
          </AriaButton>
        )}
        {message.isDeleted ? (
          <p className="atd-Message-body atd-Message-deletedBody">
            <ChatIcon name="blocked" /> {t('chat.deleted')}
          </p>
        ) : (
          <MessageContent message={message} audioRate={audioRate} onAudioRateChange={onAudioRateChange} />
        )}
        {message.fromMe && message.ack < 0 && !message.isDeleted && <FailureReason message={message} />}
        <div className="atd-Message-meta">
          {template && !message.isDeleted && (
            <span className="atd-Message-template" title={tOfficial('official.message.templateLabel', { name: template.name })}>
              {tOfficial('official.message.template')}
            </span>
          )}
          {sentAsOf(message) && <span className="atd-Message-sentAs">{t('chat.sentAs', sentAsOf(message))}</span>}
          {message.isEdited && !message.isDeleted && (
            <>
              <AriaButton className="atd-Message-edited" aria-label={t('chat.editHistory.open')} onPress={() => setHistoryOpen(true)}>
                {t('chat.edited')}
              </AriaButton>
              <LazyMount isOpen={historyOpen}>
                <EditHistoryDialog message={message} isOpen={historyOpen} onOpenChange={setHistoryOpen} />
              </LazyMount>
            </>
          )}
          <time dateTime={message.createdAt}>{time}</time>
          {message.fromMe && <AckIcon ack={message.ack} sendError={message.sendError} />}
        </div>
      </div>
    </div>
  );
}

/**
 * Why a sent message failed, under it: its error code's text in the user's language, then the reason the network or
 * the platform gave in its own words (dataJson.sendFailure: Meta's error, or which automatic message the window
 * refused), when there is one.
 */
function FailureReason({ message }: { message: Message }) {
  const t = useT(officialTexts);
  const locale = useLocale();
  const given = sendFailureOf(message);
  const error = message.sendError ? translateError(locale, message.sendError) : null;
  const reason = error ?? given;
  if (!reason) return null;
  return (
    <>
      <p className="atd-Message-failure">{t('official.message.failed', { reason })}</p>
      {error && given && <p className="atd-Message-failure atd-Message-failureGiven">{t('official.message.failureGiven', { reason: given })}</p>}
    </>
  );
}

/** A message a super user sent while acting as the attendant (the API's `dataJson.sentAs`): both names, for the note. */
function sentAsOf(message: Message): { impersonator: string; user: string } | undefined {
  const sentAs = (message.dataJson as { sentAs?: { impersonatorName?: unknown; userName?: unknown } } | null)?.sentAs;
  if (!sentAs || typeof sentAs.impersonatorName !== 'string') return undefined;
  return { impersonator: sentAs.impersonatorName, user: typeof sentAs.userName === 'string' ? sentAs.userName : '' };
}
