import { useT } from '../../../i18n/locale-context';
import type { MessageKey } from '../../../i18n/pt';
import { isMessageKey } from '../../../i18n/translate';
import { ChatIcon, type ChatIconName } from '../chat-icons';
import { ackState, type AckState } from '../message-format';

const ICONS: Record<AckState, ChatIconName> = {
  failed: 'error',
  pending: 'clock',
  sent: 'done',
  delivered: 'doneAll',
  read: 'doneAll',
  played: 'doneAll',
};
const LABELS: Record<AckState, MessageKey> = {
  failed: 'chat.ack.failed',
  pending: 'chat.ack.pending',
  sent: 'chat.ack.sent',
  delivered: 'chat.ack.delivered',
  read: 'chat.ack.read',
  played: 'chat.ack.played',
};

export interface AckIconProps {
  /** The message's ack: -1 failed, 0 clock, 1 and 2 sent, 3 delivered, 4 read, 5 read blue (played). */
  ack: number;
  /** The send error code of a failed message (ERR_SENDING_WAPP_MSG), read after the label. */
  sendError?: string | null;
}

/** A sent message's delivery state as an icon with its name (`data-ack` drives the colour: read and played are blue). */
export function AckIcon({ ack, sendError }: AckIconProps) {
  const t = useT();
  const state = ackState(ack);
  const label = state === 'failed' && sendError ? `${t(LABELS[state])}: ${isMessageKey(sendError) ? t(sendError) : sendError}` : t(LABELS[state]);
  return <ChatIcon name={ICONS[state]} label={label} className="atd-Ack" data-ack={state} size="1em" />;
}
