import { useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useT } from '../../../i18n/locale-context';
import { Avatar } from '../../../primitives/Avatar/Avatar';
import { Button } from '../../../primitives/Button/Button';
import { LazyDialog } from '../../../primitives/Dialog/LazyDialog';
import { Spinner } from '../../../primitives/Spinner/Spinner';
import { AudioPlayer } from '../AudioPlayer/AudioPlayer';
import { ChatIcon } from '../chat-icons';
import { useInView, useMediaDownload, useMediaUrl } from '../media';
import { contactsOf, fileNameOf, locationOf, waveformOf, type Message } from '../message-format';

function MediaFailed() {
  const t = useT();
  return (
    <span className="atd-Media-failed" role="status">
      <ChatIcon name="error" /> {t('chat.media.failed')}
    </span>
  );
}

/** An image (or sticker): loaded when it comes into view; a press shows it large. */
export function ImageMedia({ message }: { message: Message }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const visible = useInView(box);
  const media = useMediaUrl(message.mediaUrl, visible);
  const [open, setOpen] = useState(false);
  const alt = message.body || (message.mediaType === 'sticker' ? t('chat.media.sticker') : t('chat.media.image'));
  return (
    <div ref={box} className="atd-Media atd-Media-image" data-status={media.status}>
      {media.status === 'ready' ? (
        <>
          <AriaButton className="atd-Media-imageButton" aria-label={t('chat.media.open')} onPress={() => setOpen(true)}>
            <img src={media.url} alt={alt} loading="lazy" />
          </AriaButton>
          <LazyDialog title={alt} isOpen={open} onOpenChange={setOpen} size="lg">
            <img className="atd-Media-full" src={media.url} alt={alt} />
          </LazyDialog>
        </>
      ) : media.status === 'error' ? (
        <MediaFailed />
      ) : (
        <Spinner size="sm" label={t('chat.media.loading')} />
      )}
    </div>
  );
}

/** A video with the browser's controls, loaded when it comes into view. */
export function VideoMedia({ message }: { message: Message }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const visible = useInView(box);
  const media = useMediaUrl(message.mediaUrl, visible);
  return (
    <div ref={box} className="atd-Media atd-Media-video" data-status={media.status}>
      {media.status === 'ready' ? (
        // Videos sent by contacts come without captions.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video src={media.url} controls preload="metadata" aria-label={message.body || t('chat.media.video')} />
      ) : media.status === 'error' ? (
        <MediaFailed />
      ) : (
        <Spinner size="sm" label={t('chat.media.loading')} />
      )}
    </div>
  );
}

/** A document: its file name and a download button (the bytes load only when asked for). */
export function DocumentMedia({ message }: { message: Message }) {
  const t = useT();
  const download = useMediaDownload();
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const name = fileNameOf(message, t('chat.media.document'));
  const start = async () => {
    if (!message.mediaUrl) return;
    setState('loading');
    try {
      await download(message.mediaUrl, name);
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <div className="atd-Media atd-Media-document">
      <ChatIcon name="document" size="2em" className="atd-Media-docIcon" />
      <span className="atd-Media-fileName">{name}</span>
      <Button
        variant="secondary"
        isPending={state === 'loading'}
        isDisabled={!message.mediaUrl}
        onPress={() => void start()}
        aria-label={t('chat.media.download', { name })}
      >
        <ChatIcon name="download" />
      </Button>
      {state === 'error' && <MediaFailed />}
    </div>
  );
}

/** A voice note or audio file: loaded when it comes into view, played by the kit's AudioPlayer. */
export function AudioMedia({ message, rate, onRateChange }: { message: Message; rate: number; onRateChange: (rate: number) => void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const visible = useInView(box);
  const media = useMediaUrl(message.mediaUrl, visible);
  return (
    <div ref={box} className="atd-Media atd-Media-audio" role="group" aria-label={t('chat.audio')}>
      <AudioPlayer src={media.url} waveform={waveformOf(message).bars} rate={rate} onRateChange={onRateChange} />
      {media.status === 'error' && <MediaFailed />}
    </div>
  );
}

/** A shared place: its name and address and a link to the map. */
export function LocationCard({ message }: { message: Message }) {
  const t = useT();
  const place = locationOf(message);
  return (
    <div className="atd-Media atd-Media-location">
      <ChatIcon name="place" size="2em" className="atd-Media-placeIcon" />
      <div className="atd-Media-placeText">
        <strong>{place.name ?? t('chat.location')}</strong>
        {place.address && <span>{place.address}</span>}
        {place.mapUrl && (
          <a href={place.mapUrl} target="_blank" rel="noopener noreferrer" className="atd-Media-link">
            {t('chat.location.open')}
          </a>
        )}
      </div>
    </div>
  );
}

/** A shared contact card (vCard): the first contact's name and a button opening the card viewer. */
export function ContactCard({ message }: { message: Message }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const contacts = contactsOf(message);
  const first = contacts[0];
  const name = first?.name || t('chat.contactCard');
  return (
    <div className="atd-Media atd-Media-contact">
      <Avatar name={name} size="sm" />
      <span className="atd-Media-contactName">{name.length > 25 ? `${name.slice(0, 25)}…` : name}</span>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {t('chat.contactCard.view')}
      </Button>
      <LazyDialog title={t('chat.contactCard')} isOpen={open} onOpenChange={setOpen} size="sm">
        <ul className="atd-Vcard">
          {contacts.map((contact, i) => (
            <li key={i} className="atd-Vcard-item">
              <Avatar name={contact.name || '?'} size="md" />
              <div>
                <strong>{contact.name}</strong>
                {contact.numbers.length ? (
                  contact.numbers.map((number) => (
                    <div key={number}>
                      {t('chat.contactCard.phone')}: <a href={`tel:+${number.replace(/\D/g, '')}`}>{number}</a>
                    </div>
                  ))
                ) : (
                  <div>{t('chat.contactCard.noNumber')}</div>
                )}
              </div>
            </li>
          ))}
        </ul>
      </LazyDialog>
    </div>
  );
}
