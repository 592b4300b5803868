import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { Schema } from '../../../client';
import { useT } from '../../../i18n';
import { Button } from '../../../primitives/Button/Button';
import { IconButton } from '../../../primitives/IconButton/IconButton';
import { LazyPopoverTrigger, lazyOverlay } from '../../../primitives/LazyOverlay/LazyOverlay';
import type { Theme } from '../../../theme/AtendeRoot';
import { ComposerIcon } from '../../../primitives/ComposerIcon/ComposerIcon';
import { matchQuickReplies, quickReplyLabel, type QuickMessage } from './quick-replies';
import { MIN_VOICE_BYTES, useVoiceRecorder, type RecorderError } from './voice-recorder';

type MessageDto = Schema<'MessageDto'>;

/** The API takes up to 5 files per send. */
export const MAX_FILES = 5;

// The emoji popover (react-aria's Popover, then the picker) loads when it first opens.
const EmojiPopover = lazyOverlay(() => import('./EmojiPopover').then((m) => m.EmojiPopover));

export interface ComposerViewProps {
  /** Why the composer is disabled (shown to the attendant); null or undefined: enabled. */
  disabledReason?: string | null;
  /** Reply mode: the quoted message shows above the input. */
  replyTo?: MessageDto | null;
  /** Edit mode: the input starts with the message's text; only text can be sent. */
  editing?: MessageDto | null;
  onCancelReply?: () => void;
  onCancelEdit?: () => void;
  /** Offered after `/` plus at least one more character. */
  quickMessages?: readonly QuickMessage[];
  /** A chosen quick reply's text with its variables filled (`{{name}}`, `{{greeting}}`…), shown before it is sent. */
  fillVariables?: (text: string) => string;
  /** Loads a chosen quick reply's attachment, which then goes with the text as its caption. */
  loadQuickReplyMedia?: (quick: QuickMessage) => Promise<File>;
  /** The emoji picker's theme: the kit's. */
  theme?: Theme;
  /** Enter sends (Shift+Enter breaks the line); false on touch devices, where Enter always breaks. Default: not a coarse pointer. */
  enterSends?: boolean;
  /** The text (a reply or an edit, as the props say). Reject to keep the text in the input. */
  onSendText: (text: string) => Promise<unknown> | void;
  /** Attached files with the text as caption. Reject to keep them. */
  onSendFiles: (files: File[], caption: string) => Promise<unknown> | void;
  /** A recorded voice note (already at least 10000 bytes). */
  onSendVoice: (file: File) => Promise<unknown> | void;
  /** What the attendant is doing, on every change of the draft or the recorder (the contact sees 'typing…'). */
  onActivity?: (activity: 'composing' | 'recording' | 'paused') => void;
}

const coarsePointer = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const formatElapsed = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const MEDIA_LABELS = {
  image: 'composer.media.image',
  sticker: 'composer.media.image',
  audio: 'composer.media.audio',
  video: 'composer.media.video',
} as const;

/** The quoted (reply) or edited message above the input: who, and up to 3 lines of its text. */
function QuotePreview({ message, mode, onCancel }: { message: MessageDto; mode: 'reply' | 'edit'; onCancel?: () => void }) {
  const t = useT();
  const media = message.mediaType !== 'chat' ? (MEDIA_LABELS[message.mediaType as keyof typeof MEDIA_LABELS] ?? 'composer.media.document') : null;
  const title = mode === 'edit' ? t('composer.editing') : message.fromMe ? t('composer.replyingToMe') : t('composer.replyingToContact');
  return (
    <div className="atd-Composer-quote" data-mode={mode} data-from-me={message.fromMe || undefined}>
      <ComposerIcon name={mode === 'edit' ? 'edit' : 'reply'} />
      <div className="atd-Composer-quoteText">
        <span className="atd-Composer-quoteTitle">{title}</span>
        <span className="atd-Composer-quoteBody">{media && !message.body ? t(media) : message.body}</span>
      </div>
      <IconButton size="sm" aria-label={mode === 'edit' ? t('composer.cancelEdit') : t('composer.cancelReply')} onPress={onCancel}>
        <ComposerIcon name="close" />
      </IconButton>
    </div>
  );
}

/** One picked file: an image thumbnail or the file's name and size, with a remove button. */
function AttachmentItem({ file, onRemove }: { file: File; onRemove: () => void }) {
  const t = useT();
  const isImage = file.type.startsWith('image/');
  // The thumbnail's object URL is let go once the image has loaded (it stays on screen).
  const url = useMemo(() => (isImage && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file, isImage]);
  const release = () => {
    if (url) URL.revokeObjectURL(url);
  };
  return (
    <li className="atd-Composer-file">
      {url ? <img className="atd-Composer-thumb" src={url} alt="" onLoad={release} onError={release} /> : <ComposerIcon name="file" />}
      <span className="atd-Composer-fileName">{file.name}</span>
      <span className="atd-Composer-fileSize">{formatBytes(file.size)}</span>
      <IconButton size="sm" aria-label={t('composer.removeFile', { name: file.name })} onPress={onRemove}>
        <ComposerIcon name="close" />
      </IconButton>
    </li>
  );
}

/**
 * The message input of a ticket (spec attendance §4 "Message input", §5 "Message send"): a text area of up to 5
 * rows where Enter sends and Shift+Enter breaks the line, `/` quick replies, emoji, reply and edit modes,
 * attachments with preview, and voice notes. Presentational: what is sent goes to the callbacks.
 */
export function ComposerView({
  disabledReason,
  replyTo = null,
  editing = null,
  onCancelReply,
  onCancelEdit,
  quickMessages = [],
  fillVariables,
  loadQuickReplyMedia,
  theme = 'light',
  enterSends,
  onSendText,
  onSendFiles,
  onSendVoice,
  onActivity,
}: ComposerViewProps) {
  const t = useT();
  const id = useId();
  const disabled = Boolean(disabledReason);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const [text, setText] = useState(editing?.body ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [active, setActive] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [loadingMedia, setLoadingMedia] = useState(false);
  const recorder = useVoiceRecorder();

  // Entering edit mode (or editing another message) puts that message's text in the input.
  const [editedId, setEditedId] = useState(editing?.id ?? null);
  if ((editing?.id ?? null) !== editedId) {
    setEditedId(editing?.id ?? null);
    setText(editing?.body ?? '');
    setFiles([]);
  }

  const suggestions = useMemo(() => (dismissedFor === text ? [] : matchQuickReplies(text, quickMessages)), [text, quickMessages, dismissedFor]);
  const open = suggestions.length > 0 && !disabled;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  // Grow with the text up to 5 rows (the CSS caps the height and scrolls beyond), and put the caret where an insert left it.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    if (el.scrollHeight) el.style.height = `${el.scrollHeight}px`;
    if (caret.current !== null) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [text]);

  useEffect(() => {
    if (replyTo || editing) textarea.current?.focus();
  }, [replyTo, editing]);

  const insertAtCursor = (insert: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    caret.current = start + insert.length;
    setText(text.slice(0, start) + insert + text.slice(end));
    el?.focus();
  };

  const pickQuickReply = (quick: QuickMessage) => {
    const filled = fillVariables ? fillVariables(quick.message) : quick.message;
    caret.current = filled.length;
    setText(filled);
    setActive(0);
    textarea.current?.focus();
    setNote(null);
    if (!quick.isMedia || editing) return;
    // The attachment joins the files to send (shown above the input), the text becoming its caption.
    const name = quick.mediaName ?? quick.shortcode;
    if (!loadQuickReplyMedia) {
      setNote(t('composer.quickReplyMediaFailed', { name }));
      return;
    }
    setLoadingMedia(true);
    loadQuickReplyMedia(quick)
      .then((file) => setFiles((current) => [...current, file].slice(0, MAX_FILES)))
      .catch(() => setNote(t('composer.quickReplyMediaFailed', { name })))
      .finally(() => setLoadingMedia(false));
  };

  const run = async (send: () => Promise<unknown> | void, onDone: () => void) => {
    setSending(true);
    try {
      await send();
      setNote(null);
      onDone();
    } catch {
      // the connected composer toasts the error; the text and files stay for another try
    } finally {
      setSending(false);
    }
  };

  const sendFiles = () => {
    if (!files.length || sending) return;
    void run(
      () => onSendFiles(files, text.trim()),
      () => {
        setFiles([]);
        setText('');
      },
    );
  };

  const send = () => {
    if (disabled || loadingMedia) return;
    if (sending && files.length) return;
    if (files.length && !editing) return sendFiles();
    // Spec §5: empty or blank text is ignored.
    const body = text.trim();
    if (!body) return;
    // The box empties at once, so the next message can be typed while this one goes; a failed send (the connected
    // composer toasts it) puts the text back, unless something new was typed meanwhile.
    setText('');
    setNote(null);
    Promise.resolve()
      .then(() => onSendText(body))
      .catch(() => setText((current) => (current === '' ? body : current)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pickQuickReply(suggestions[activeIndex]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(text);
        return;
      }
    }
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      onCancelEdit?.();
      return;
    }
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply?.();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!(enterSends ?? !coarsePointer())) return;
    event.preventDefault();
    send();
  };

  const onPickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!picked.length) return;
    const all = [...files, ...picked];
    if (all.length > MAX_FILES) setNote(t('composer.attachmentsTooMany', { count: MAX_FILES }));
    else setNote(null);
    setFiles(all.slice(0, MAX_FILES));
  };

  const micMessages: Record<RecorderError, string> = {
    denied: t('composer.micDenied'),
    missing: t('composer.micMissing'),
    unsupported: t('composer.micUnsupported'),
    failed: t('composer.micFailed'),
  };

  const startRecording = async () => {
    setNote(null);
    const error = await recorder.start();
    if (error) setNote(micMessages[error]);
  };

  const sendRecording = async () => {
    const blob = await recorder.finish();
    if (!blob) return;
    // Spec §4: recordings under 10000 bytes are discarded.
    if (blob.size < MIN_VOICE_BYTES) {
      setNote(t('composer.recordTooShort'));
      return;
    }
    const { toVoiceFile } = await import('./voice-file');
    const file = await toVoiceFile(blob);
    await run(
      () => onSendVoice(file),
      () => undefined,
    );
  };

  const recording = recorder.status !== 'idle';
  // The attendant's activity for the contact's "typing…" / "recording audio…" (the caller throttles it).
  useEffect(() => {
    onActivity?.(recording ? 'recording' : text.trim() ? 'composing' : 'paused');
  }, [onActivity, recording, text]);
  const reasonId = `${id}-reason`;
  const listId = `${id}-quick`;
  const optionId = (index: number) => `${id}-quick-${index}`;
  const canSendText = !disabled && !sending && !loadingMedia && (text.trim() !== '' || (files.length > 0 && !editing));

  return (
    <section className="atd-Composer" aria-label={t('composer.region')} data-disabled={disabled || undefined}>
      {disabledReason && (
        <p id={reasonId} className="atd-Composer-reason">
          {disabledReason}
        </p>
      )}
      {!disabled && editing && <QuotePreview message={editing} mode="edit" onCancel={onCancelEdit} />}
      {!disabled && !editing && replyTo && <QuotePreview message={replyTo} mode="reply" onCancel={onCancelReply} />}
      {!disabled && files.length > 0 && !editing && (
        <div className="atd-Composer-files">
          <ul className="atd-Composer-fileList" aria-label={t('composer.attachments')}>
            {files.map((file, index) => (
              <AttachmentItem key={`${file.name}-${index}`} file={file} onRemove={() => setFiles(files.filter((_, i) => i !== index))} />
            ))}
          </ul>
          <div className="atd-Composer-fileActions">
            <Button variant="secondary" onPress={() => setFiles([])} isDisabled={sending}>
              {t('composer.attachmentsCancel')}
            </Button>
            <Button onPress={sendFiles} isPending={sending}>
              {t('composer.attachmentsSend')}
            </Button>
          </div>
        </div>
      )}
      {loadingMedia && (
        <p className="atd-Composer-note" role="status">
          {t('composer.quickReplyMediaLoading')}
        </p>
      )}
      {note && (
        <p className="atd-Composer-note" role="status">
          {note}
        </p>
      )}
      {open && (
        <ul id={listId} className="atd-Composer-quick" role="listbox" aria-label={t('composer.quickReplies')}>
          {suggestions.map((quick, index) => (
            // Keyboard users pick from the text area (arrows, Enter: aria-activedescendant); the click is for the pointer.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={quick.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className="atd-Composer-quickItem"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pickQuickReply(quick)}
            >
              {quickReplyLabel(quick)}
            </li>
          ))}
        </ul>
      )}
      <div className="atd-Composer-bar">
        {recording ? (
          <div className="atd-Composer-recording" role="group" aria-label={t('composer.recording')}>
            <IconButton aria-label={t('composer.recordCancel')} variant="danger" onPress={recorder.cancel} isDisabled={recorder.status === 'stopping'}>
              <ComposerIcon name="delete" />
            </IconButton>
            <span className="atd-Composer-recDot" aria-hidden="true" />
            <span className="atd-Composer-elapsed" aria-label={t('composer.recordingElapsed')} role="timer">
              {formatElapsed(recorder.elapsed)}
            </span>
            <IconButton
              aria-label={t('composer.recordSend')}
              variant="primary"
              onPress={() => void sendRecording()}
              isDisabled={recorder.status !== 'recording' || sending}
            >
              <ComposerIcon name="send" />
            </IconButton>
          </div>
        ) : (
          <>
            <LazyPopoverTrigger overlay={<EmojiPopover theme={theme} onPick={insertAtCursor} />}>
              <IconButton aria-label={t('composer.emoji')} isDisabled={disabled}>
                <ComposerIcon name="emoji" />
              </IconButton>
            </LazyPopoverTrigger>
            {!editing && (
              <>
                <IconButton aria-label={t('composer.attach')} isDisabled={disabled || sending} onPress={() => fileInput.current?.click()}>
                  <ComposerIcon name="attach" />
                </IconButton>
                <input ref={fileInput} type="file" multiple hidden tabIndex={-1} aria-hidden="true" onChange={onPickFiles} data-testid="composer-file-input" />
              </>
            )}
            <textarea
              ref={textarea}
              className="atd-Composer-input"
              rows={1}
              value={text}
              disabled={disabled}
              aria-label={files.length ? t('composer.captionPlaceholder') : t('composer.label')}
              aria-describedby={disabledReason ? reasonId : undefined}
              placeholder={files.length ? t('composer.captionPlaceholder') : t('composer.placeholderShortcut')}
              aria-autocomplete="list"
              aria-controls={open ? listId : undefined}
              aria-activedescendant={open ? optionId(activeIndex) : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
            {text.trim() === '' && !files.length && !editing ? (
              <IconButton aria-label={t('composer.record')} isDisabled={disabled || sending} onPress={() => void startRecording()}>
                <ComposerIcon name="mic" />
              </IconButton>
            ) : (
              <IconButton aria-label={editing ? t('composer.saveEdit') : t('composer.send')} variant="primary" isDisabled={!canSendText} onPress={send}>
                <ComposerIcon name="send" />
              </IconButton>
            )}
          </>
        )}
      </div>
    </section>
  );
}
