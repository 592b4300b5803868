import { useMemo, type ReactNode } from 'react';
import { everydayTexts } from '../../../i18n/everyday-texts';
import { useT } from '../../../i18n/locale-context';
import { ChatIcon, type ChatIconName } from '../chat-icons';
import { mediaPreviewKind, parseWhatsAppText, plainWhatsAppText, type FormatNode, type MediaPreviewKind } from '../message-format-text';
import './FormattedText.css';

function render(nodes: FormatNode[], prefix = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${prefix}${index}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={key}>{render(node.children, `${key}.`)}</strong>;
      case 'italic':
        return <em key={key}>{render(node.children, `${key}.`)}</em>;
      case 'strike':
        return <s key={key}>{render(node.children, `${key}.`)}</s>;
      case 'mono':
        return (
          <code key={key} className="atd-FormattedText-mono">
            {node.text}
          </code>
        );
      case 'code':
        return (
          <code key={key} className="atd-FormattedText-code">
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a key={key} className="atd-FormattedText-link" href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
    }
  });
}

export interface FormattedTextProps {
  /** WhatsApp-formatted text: `*bold*`, `_italic_`, `~strike~`, ```` ```mono``` ````, `` `code` ``, links. */
  text: string;
}

/** A message's text with WhatsApp's formatting applied and its links clickable (React nodes, no HTML injected). */
export function FormattedText({ text }: FormattedTextProps) {
  const nodes = useMemo(() => render(parseWhatsAppText(text)), [text]);
  return <>{nodes}</>;
}

const PREVIEW_ICONS: Record<MediaPreviewKind, ChatIconName> = {
  image: 'image',
  video: 'video',
  audio: 'mic',
  application: 'document',
  document: 'document',
  sticker: 'sticker',
  location: 'place',
  contact: 'person',
};

/**
 * A list preview of a message: the text without formatting markers, or, for a media message the API stored as
 * `[audio]`, `[application]`..., the media's icon and its translated name ("Áudio", "Documento").
 */
export function MessagePreview({ text }: { text: string | null | undefined }) {
  const t = useT(everydayTexts);
  if (!text) return null;
  const kind = mediaPreviewKind(text);
  if (!kind) return <>{plainWhatsAppText(text)}</>;
  return (
    <>
      <ChatIcon name={PREVIEW_ICONS[kind]} className="atd-MessagePreview-icon" size="1.1em" />
      {t(`preview.${kind}`)}
    </>
  );
}
