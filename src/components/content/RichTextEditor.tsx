/**
 * The rich-text form control (field type 'richText'): TipTap with a toolbar of headings, bold,
 * italic, lists, quote, link, image (uploaded to the file service and inserted) and undo/redo.
 * `value` / `onChange` carry stored HTML: images as `data-file-id` without a src (src/lib/html-policy.ts),
 * so the editor shows them under fresh view grants and hands back HTML the policy has already cleaned.
 * Loaded lazily with the form only: TipTap and ProseMirror stay out of every list page.
 */
// Icons and antd components the shell's first load also uses (UnorderedListOutlined, Popover) would be split
// into chunks of their own, shared with this one, at a cost to the first load: these are not among them.
import { BarsOutlined, BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Input, Space, Tooltip, Upload } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadRefusal } from '../files/upload-limit';
import { acceptAttribute, FILE_CALLS, IMAGE_UPLOAD_TYPES, type UploadedFile } from '../../lib/files';
import { CONTENT_ALLOWED_URI, CONTENT_FILE_ID_ATTRIBUTE } from '../../lib/html-policy';
import { api } from '../../providers/http';
import { resolveFilePreviews } from '../files/file-previews';
import { withImageSources } from './content-images';
import { useContentThemeVars } from './content-theme';
import { sanitizeContentHtml } from './sanitize-html';
import './content.css';

/** Images that remember the stored file they show, and are read back from stored HTML (no src). */
const StoredImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      fileId: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute(CONTENT_FILE_ID_ATTRIBUTE),
        renderHTML: (attributes: { fileId?: string | null }) => (attributes.fileId ? { [CONTENT_FILE_ID_ATTRIBUTE]: attributes.fileId } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: `img[${CONTENT_FILE_ID_ATTRIBUTE}]` }];
  },
});

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => CONTENT_ALLOWED_URI.test(url) },
  }),
  StoredImage,
];

export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <Button type={active ? 'primary' : 'text'} size="small" aria-label={label} aria-pressed={active} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** The address of the link at the cursor, edited in a bar under the toolbar; empty removes the link. */
function LinkBar({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation('content');
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const trimmed = href.trim();
  const valid = trimmed === '' || CONTENT_ALLOWED_URI.test(trimmed);
  const apply = () => {
    if (!valid) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    (trimmed === '' ? chain.unsetLink() : chain.setLink({ href: trimmed })).run();
    onClose();
  };
  return (
    <div className="rich-text-linkbar">
      <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
        <Input
          autoFocus
          value={href}
          status={valid ? undefined : 'error'}
          placeholder={t('editor.linkPlaceholder')}
          aria-label={t('editor.linkAddress')}
          onChange={(event) => setHref(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            apply();
          }}
        />
        <Button type="primary" onClick={apply} disabled={!valid}>
          {t('editor.linkApply')}
        </Button>
        <Button onClick={onClose}>{t('editor.linkCancel')}</Button>
      </Space.Compact>
    </div>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const insertImage = async (file: File) => {
    const refusal = await uploadRefusal(file, t);
    if (refusal) {
      message.error(refusal);
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const stored = await api.upload<UploadedFile>(FILE_CALLS.upload, form);
      const [preview] = await resolveFilePreviews([stored.id], 'BIG');
      editor
        .chain()
        .focus()
        .insertContent({ type: StoredImage.name, attrs: { src: preview?.url ?? null, alt: stored.fileName, fileId: stored.id } })
        .run();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const chain = () => editor.chain().focus();
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {([1, 2, 3] as const).map((level) => (
        <ToolButton
          key={level}
          label={t('editor.heading', { level })}
          active={state[`h${level}`]}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          {`H${level}`}
        </ToolButton>
      ))}
      <Divider type="vertical" />
      <ToolButton label={t('editor.bold')} active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </ToolButton>
      <ToolButton label={t('editor.italic')} active={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton label={t('editor.bulletList')} active={state.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
        <BarsOutlined />
      </ToolButton>
      <ToolButton label={t('editor.orderedList')} active={state.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton label={t('editor.blockquote')} active={state.blockquote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()}>
        {'❝'}
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton label={t('editor.link')} active={state.link || linking} disabled={disabled} onClick={() => setLinking((open) => !open)}>
        <LinkOutlined />
      </ToolButton>
      <Upload
        accept={acceptAttribute(IMAGE_UPLOAD_TYPES)}
        showUploadList={false}
        disabled={disabled || uploading}
        customRequest={({ file }) => void insertImage(file as File)}
      >
        <Tooltip title={t('editor.image')}>
          <Button type="text" size="small" aria-label={t('editor.image')} loading={uploading} disabled={disabled}>
            <PictureOutlined />
          </Button>
        </Tooltip>
      </Upload>
      <Divider type="vertical" />
      <ToolButton label={t('editor.undo')} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </ToolButton>
      <ToolButton label={t('editor.redo')} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </ToolButton>
      {linking && <LinkBar editor={editor} onClose={() => setLinking(false)} />}
    </div>
  );
}

function RichTextEditor({ value, onChange, placeholder, disabled, id }: RichTextEditorProps) {
  // The HTML this editor last handed out: a value equal to it is its own echo, not new content.
  const emitted = useRef<string | null>(null);
  const themeVars = useContentThemeVars();
  const editor = useEditor({
    extensions: EXTENSIONS,
    editable: !disabled,
    editorProps: { attributes: { 'aria-label': placeholder ?? '', 'aria-multiline': 'true', role: 'textbox', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : sanitizeContentHtml(e.getHTML());
      emitted.current = html;
      onChange?.(html);
    },
  });

  // Without emitUpdate false, TipTap reports an update here: on mount the form took it for the
  // operator emptying the field, and 正文 said 此处不能为空 as soon as the form opened.
  // An editor TipTap has already torn down (its instance replaced while the page re-rendered) has no
  // commands left: the effects of its last render must leave it alone, or the whole page fails.
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // New content from outside (the edit form read a record): clean it, give its images sources, load it.
  useEffect(() => {
    const incoming = value ?? '';
    if (editor.isDestroyed || incoming === emitted.current) return;
    emitted.current = incoming;
    const controller = new AbortController();
    const sanitized = sanitizeContentHtml(incoming);
    editor.commands.setContent(sanitized, { emitUpdate: false });
    withImageSources(sanitized, 'BIG', { signal: controller.signal }).then(
      (withImages) => {
        if (!controller.signal.aborted && !editor.isDestroyed && withImages !== sanitized && emitted.current === incoming)
          editor.commands.setContent(withImages, { emitUpdate: false });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [editor, value]);

  return (
    <div className="rich-text-editor" style={themeVars} data-testid="rich-text-editor">
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;
