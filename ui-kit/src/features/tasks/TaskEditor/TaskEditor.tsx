import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Input, ToggleButton, Toolbar } from 'react-aria-components';
import { useT } from '../../../i18n';
import { tasksTexts } from '../tasks.texts';

export interface TaskEditorProps {
  /** The description as HTML ('' for none). Changing it from outside (editing another task) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  /** The visible label (the editable area is named by it). */
  label: string;
  isDisabled?: boolean;
}

/** Only http(s) and mailto links, as the server keeps (anything else is dropped there anyway). */
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/**
 * The tasks' rich-text description editor: Tiptap 3's starter kit limited to what the server keeps (paragraphs,
 * bold, italic, underline, strike, inline code, code blocks, quotes, h1-h3, bulleted and numbered lists, links; no
 * horizontal rule). A toolbar (role toolbar, arrow keys move between its buttons, each a toggle with aria-pressed)
 * covers bold, italic, underline, both lists and links; every format also has Tiptap's shortcuts (Ctrl/⌘+B, I, U,
 * Ctrl/⌘+Shift+8 / 7, Markdown-like input rules such as "- " or "1. "). The link button opens a small field for the
 * address (http, https or mailto) with Apply and Remove.
 *
 * The HTML it emits is a proposal: the API sanitises every description (see api/src/ticket/tasks/task-html.ts) and
 * what it stores is what the page shows. An empty document emits ''.
 *
 * Heavy (ProseMirror): import it only from the tasks page so it stays in that route's chunk.
 */
export function TaskEditor({ value, onChange, label, isDisabled = false }: TaskEditorProps) {
  const labelId = useId();
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        horizontalRule: false,
        // No empty paragraph kept after a list or quote: the description is what the user typed.
        trailingNode: false,
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => SAFE_URL.test(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
    ],
    content: value,
    editable: !isDisabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'atd-TaskEditor-content',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChange(html);
    },
  });

  // A value from outside (edit another task, the form cleared after a save) replaces the document.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!isDisabled);
  }, [editor, isDisabled]);

  return (
    <div className="atd-TaskEditor" data-disabled={isDisabled || undefined}>
      <span id={labelId} className="atd-TaskEditor-label">
        {label}
      </span>
      {editor && <TaskEditorToolbar editor={editor} isDisabled={isDisabled} />}
      <EditorContent editor={editor} className="atd-TaskEditor-area" />
    </div>
  );
}

function TaskEditorToolbar({ editor, isDisabled }: { editor: Editor; isDisabled: boolean }) {
  const t = useT(tasksTexts);
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const chain = () => editor.chain().focus();
  const toggles: { id: string; label: string; active: boolean; run: () => void; glyph: ReactNode }[] = [
    { id: 'bold', label: t('tasks.editor.bold'), active: state.bold, run: () => chain().toggleBold().run(), glyph: <b>B</b> },
    { id: 'italic', label: t('tasks.editor.italic'), active: state.italic, run: () => chain().toggleItalic().run(), glyph: <i>I</i> },
    { id: 'underline', label: t('tasks.editor.underline'), active: state.underline, run: () => chain().toggleUnderline().run(), glyph: <u>U</u> },
    { id: 'bulletList', label: t('tasks.editor.bulletList'), active: state.bulletList, run: () => chain().toggleBulletList().run(), glyph: <ListGlyph /> },
    {
      id: 'orderedList',
      label: t('tasks.editor.orderedList'),
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
      glyph: <ListGlyph numbered />,
    },
  ];
  const applyLink = () => {
    const href = url.trim();
    if (href && SAFE_URL.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  return (
    <>
      <Toolbar className="atd-TaskEditor-toolbar" aria-label={t('tasks.editor.toolbar')}>
        {toggles.map((b) => (
          <ToggleButton key={b.id} className="atd-TaskEditor-button" aria-label={b.label} isSelected={b.active} onChange={b.run} isDisabled={isDisabled}>
            <span aria-hidden="true">{b.glyph}</span>
          </ToggleButton>
        ))}
        <ToggleButton
          className="atd-TaskEditor-button"
          aria-label={t('tasks.editor.link')}
          isSelected={linkOpen || state.link}
          isDisabled={isDisabled}
          onChange={() => {
            setUrl(state.href);
            setLinkOpen((open) => !open);
          }}
        >
          <span aria-hidden="true">
            <LinkGlyph />
          </span>
        </ToggleButton>
      </Toolbar>
      {linkOpen && (
        <Group className="atd-TaskEditor-link" aria-label={t('tasks.editor.link')}>
          <Input
            className="atd-TaskEditor-linkInput"
            aria-label={t('tasks.editor.linkUrl')}
            placeholder="https://"
            type="url"
            value={url}
            autoFocus
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                setLinkOpen(false);
                editor.commands.focus();
              }
            }}
          />
          <Button className="atd-TaskEditor-linkButton" onPress={applyLink}>
            {t('tasks.editor.linkApply')}
          </Button>
          {state.link && (
            <Button
              className="atd-TaskEditor-linkButton"
              onPress={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              {t('tasks.editor.linkRemove')}
            </Button>
          )}
        </Group>
      )}
    </>
  );
}

function ListGlyph({ numbered = false }: { numbered?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="currentColor" focusable="false">
      {numbered ? (
        <path d="M2 17h2v.5H3v1h1v.5H2v1h3v-4H2v1zm1-9h1V4H2v1h1v3zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2v1zm5-6v2h14V5H7zm0 14h14v-2H7v2zm0-6h14v-2H7v2z" />
      ) : (
        <path d="M4 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm0-6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm0 12a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM7 19h14v-2H7v2zm0-6h14v-2H7v2zm0-8v2h14V5H7z" />
      )}
    </svg>
  );
}

function LinkGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="currentColor" focusable="false">
      <path d="M3.9 12a3.1 3.1 0 0 1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7A3.1 3.1 0 0 1 3.9 12zM8 13h8v-2H8v2zm9-6h-4v1.9h4a3.1 3.1 0 0 1 0 6.2h-4V17h4a5 5 0 0 0 0-10z" />
    </svg>
  );
}
