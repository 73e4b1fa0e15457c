import {
  AlignCenterOutlined, AlignLeftOutlined, AlignRightOutlined, AudioOutlined, BoldOutlined,
  DeleteColumnOutlined, DeleteOutlined, DeleteRowOutlined, FileImageOutlined, InsertRowBelowOutlined,
  InsertRowRightOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined,
  StrikethroughOutlined, TableOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { type Editor, EditorContent, isNodeEmpty, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { fileUrlKind } from '@zhaokao/contracts';
import { App, Button, Input, Modal, Select, Spin, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NetworkError } from '../../lib/api-client';
import { compressToWidth } from '../upload/compress-image';
import { acceptOf, refusesUpload, uploadFile } from '../upload/upload-request';
import { InsertMediaModal, type MediaKind } from './InsertMediaModal';
import { Audio, Video } from './media';
import { pastedImages } from './paste';
import { tableExtensions } from './table';
import './rich-text.css';

export interface RichTextProps {
  /** HTML; '' for an empty document. */
  value?: string;
  onChange?(html: string): void;
  /** True while images are uploading: the form must not be confirmed then (SPEC §5). */
  onUploadingChange?(uploading: boolean): void;
  /** Given by antd's Form.Item. */
  id?: string;
  placeholder?: string;
  /** The editing area's accessible name; 正文内容 unless given. */
  'aria-label'?: string;
}

/** The HTML a form keeps: '' for a document with nothing but empty paragraphs and spaces, so “required” can say so. */
const htmlOf = (editor: Editor) => (isNodeEmpty(editor.state.doc, { ignoreWhitespace: true }) ? '' : editor.getHTML());

const HEADINGS = [
  { value: 0, label: '正文' },
  { value: 1, label: '标题 1' },
  { value: 2, label: '标题 2' },
  { value: 3, label: '标题 3' },
] as const;
type HeadingLevel = (typeof HEADINGS)[number]['value'];

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  icon?: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        className={active ? 'rich-text-active' : undefined}
        icon={icon}
        disabled={disabled}
        // Keeps the editor's selection: the button acts on it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

const Divider = () => <span className="rich-text-divider" aria-hidden />;

/**
 * The rich-text editor (SPEC §2 dialog 7): TipTap with an antd toolbar, a controlled form field whose value is HTML.
 * Images are sent through the same upload call as every image field (public, so candidates can see them once the
 * content is published) and inserted with the address the server answers; pasted or dropped images go the same way.
 * While images are on their way `onUploadingChange(true)` tells the form, which refuses to confirm until they are in.
 * Loaded lazily by RichTextField.
 */
export default function RichTextEditor({
  value,
  onChange,
  onUploadingChange,
  id,
  placeholder,
  'aria-label': ariaLabel = '正文内容',
}: RichTextProps) {
  const { message } = App.useApp();
  const [pending, setPending] = useState(0);
  const [linking, setLinking] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [inserting, setInserting] = useState<MediaKind | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The HTML last sent out (or last taken in), to tell the form's own echo from a value set from outside. */
  const shown = useRef(value ?? '');
  const latest = useRef({ onChange, onUploadingChange, uploadImages: (_files: File[]) => {} });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['https'] },
      }),
      Image.configure({ allowBase64: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      ...tableExtensions,
      Video,
      Audio,
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
      },
      handlePaste: (_view, event) => takeImages(event.clipboardData),
      handleDrop: (_view, event) => takeImages((event as DragEvent).dataTransfer),
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      if (html === shown.current) return;
      shown.current = html;
      latest.current.onChange?.(html);
    },
  });

  /**
   * Pasted or dropped image files are uploaded rather than kept as data: addresses (which the server drops). A table
   * or text copied from Excel, WPS or Word comes with a picture of itself: then the HTML is pasted (see pastedImages).
   */
  function takeImages(data: DataTransfer | null | undefined): boolean {
    const images = pastedImages([...(data?.files ?? [])], data?.getData('text/html'));
    if (images.length === 0) return false;
    latest.current.uploadImages(images);
    return true;
  }

  async function uploadImages(files: File[]) {
    const images = files.filter((file) => !refusesUpload(message, 'image', file));
    setPending((n) => n + images.length);
    for (const file of images) {
      try {
        const blob = await compressToWidth(file);
        const uploaded = await uploadFile(blob, file.name, { kind: 'image', isPublic: true });
        if (editor && !editor.isDestroyed) {
          editor.chain().focus().setImage({ src: uploaded.url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
        }
      } catch (error) {
        // A refusal's message has been shown by the upload call; a lost connection says nothing there.
        if (error instanceof NetworkError) message.error(`图片“${file.name}”上传失败，请检查网络后重试`);
      } finally {
        setPending((n) => n - 1);
      }
    }
  }
  useLayoutEffect(() => {
    latest.current = { onChange, onUploadingChange, uploadImages };
  });

  // A value set from outside (the saved notice loaded, the form reset) replaces the document.
  useEffect(() => {
    if (!editor || (value ?? '') === shown.current) return;
    shown.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    latest.current.onUploadingChange?.(pending > 0);
  }, [pending]);
  // A form closed mid-upload is not left waiting for it.
  useEffect(() => () => latest.current.onUploadingChange?.(false), []);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading: (([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0) as HeadingLevel,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      align: (['center', 'right'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      inTable: e.isActive('table'),
      canDeleteRow: e.can().deleteRow(),
      canDeleteColumn: e.can().deleteColumn(),
    }),
  });

  function setHeading(level: HeadingLevel) {
    const chain = editor.chain().focus();
    if (level === 0) chain.setParagraph().run();
    else chain.setHeading({ level }).run();
  }

  function openLink() {
    setLinkProblem(null);
    setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://');
  }

  function applyLink() {
    const href = (linking ?? '').trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '' || href === 'https://') {
      chain.unsetLink().run();
      setLinking(null);
      return;
    }
    if (fileUrlKind(href) === null) {
      setLinkProblem('链接地址须以 https:// 开头');
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    setLinking(null);
  }

  if (!editor || !state) return <Spin />;
  const run = (action: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => action(editor.chain().focus()).run();

  return (
    <div className="rich-text-editor">
      <div className="rich-text-toolbar" role="toolbar" aria-label="正文格式">
        <ToolButton label="撤销" icon={<UndoOutlined />} disabled={!state.canUndo} onClick={run((c) => c.undo())} />
        <ToolButton label="重做" icon={<RedoOutlined />} disabled={!state.canRedo} onClick={run((c) => c.redo())} />
        <Divider />
        <Select<HeadingLevel>
          size="small"
          variant="borderless"
          aria-label="段落格式"
          style={{ width: 88 }}
          value={state.heading}
          options={HEADINGS.map((h) => ({ ...h }))}
          onChange={setHeading}
        />
        <Divider />
        <ToolButton label="加粗" icon={<BoldOutlined />} active={state.bold} onClick={run((c) => c.toggleBold())} />
        <ToolButton label="斜体" icon={<ItalicOutlined />} active={state.italic} onClick={run((c) => c.toggleItalic())} />
        <ToolButton label="下划线" icon={<UnderlineOutlined />} active={state.underline} onClick={run((c) => c.toggleUnderline())} />
        <ToolButton label="删除线" icon={<StrikethroughOutlined />} active={state.strike} onClick={run((c) => c.toggleStrike())} />
        <Divider />
        <ToolButton label="无序列表" icon={<UnorderedListOutlined />} active={state.bulletList} onClick={run((c) => c.toggleBulletList())} />
        <ToolButton label="有序列表" icon={<OrderedListOutlined />} active={state.orderedList} onClick={run((c) => c.toggleOrderedList())} />
        <ToolButton label="引用" active={state.blockquote} onClick={run((c) => c.toggleBlockquote())}>
          “”
        </ToolButton>
        <Divider />
        <ToolButton label="左对齐" icon={<AlignLeftOutlined />} active={state.align === 'left'} onClick={run((c) => c.setTextAlign('left'))} />
        <ToolButton label="居中" icon={<AlignCenterOutlined />} active={state.align === 'center'} onClick={run((c) => c.setTextAlign('center'))} />
        <ToolButton label="右对齐" icon={<AlignRightOutlined />} active={state.align === 'right'} onClick={run((c) => c.setTextAlign('right'))} />
        <Divider />
        <ToolButton label="插入链接" icon={<LinkOutlined />} active={state.link} onClick={openLink} />
        <ToolButton label="插入图片" icon={<PictureOutlined />} onClick={() => fileInput.current?.click()} />
        <input
          ref={fileInput}
          type="file"
          accept={acceptOf('image')}
          multiple
          style={{ display: 'none' }}
          aria-label="选择要插入的图片"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void uploadImages(files);
          }}
        />
        <ToolButton label="插入图片组" icon={<FileImageOutlined />} onClick={() => setInserting('gallery')} />
        <ToolButton label="插入视频" icon={<VideoCameraOutlined />} onClick={() => setInserting('video')} />
        <ToolButton label="插入音频" icon={<AudioOutlined />} onClick={() => setInserting('audio')} />
        <Divider />
        <ToolButton label="插入表格" icon={<TableOutlined />} disabled={state.inTable} onClick={run((c) => c.insertTable({ rows: 3, cols: 3 }))} />
        <ToolButton label="在下方插入行" icon={<InsertRowBelowOutlined />} disabled={!state.inTable} onClick={run((c) => c.addRowAfter())} />
        <ToolButton label="删除行" icon={<DeleteRowOutlined />} disabled={!state.canDeleteRow} onClick={run((c) => c.deleteRow())} />
        <ToolButton label="在右侧插入列" icon={<InsertRowRightOutlined />} disabled={!state.inTable} onClick={run((c) => c.addColumnAfter())} />
        <ToolButton label="删除列" icon={<DeleteColumnOutlined />} disabled={!state.canDeleteColumn} onClick={run((c) => c.deleteColumn())} />
        <ToolButton label="删除表格" icon={<DeleteOutlined />} disabled={!state.inTable} onClick={run((c) => c.deleteTable())} />
      </div>
      <Typography>
        <EditorContent editor={editor} />
      </Typography>
      {pending > 0 && (
        <div className="rich-text-status" role="status">
          <Spin size="small" /> 图片上传中（{pending} 张），请稍候…
        </div>
      )}
      {inserting && (
        <InsertMediaModal
          kind={inserting}
          onClose={() => setInserting(null)}
          onInsert={(urls) => {
            setInserting(null);
            const nodes =
              inserting === 'gallery'
                ? urls.map((src, i) => ({ type: 'image', attrs: { src, alt: `图片${i + 1}` } }))
                : urls.map((src) => ({ type: inserting, attrs: { src } }));
            editor.chain().focus().insertContent(nodes).run();
          }}
        />
      )}
      <Modal
        open={linking !== null}
        title="插入链接"
        okText="确定"
        width={480}
        onOk={applyLink}
        onCancel={() => setLinking(null)}
        destroyOnHidden
      >
        <Input
          aria-label="链接地址"
          placeholder="https://"
          value={linking ?? ''}
          status={linkProblem ? 'error' : undefined}
          onChange={(event) => {
            setLinking(event.target.value);
            setLinkProblem(null);
          }}
          onPressEnter={applyLink}
        />
        <Typography.Text type={linkProblem ? 'danger' : 'secondary'} style={{ display: 'block', marginTop: 6 }}>
          {linkProblem ?? '清空地址后确定即取消链接'}
        </Typography.Text>
      </Modal>
    </div>
  );
}
