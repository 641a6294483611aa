import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled rich-text field (TipTap in Mantine's RichTextEditor) with the formatting the server keeps
 * of a post's body: bold, italic, underline, strike, two heading levels, lists, quotes and links. The
 * post form and the re-enrolment round's explanation share it. The editor owns its content: `initialValue`
 * is read once, and every change is handed to `onChange` as HTML ('' when the text is empty).
 */
export function RichTextField({
  label,
  initialValue,
  onChange,
  error,
  description,
  minHeight = 180,
}: {
  label: string;
  initialValue: string;
  onChange: (html: string) => void;
  error?: string;
  description?: string;
  minHeight?: number;
}) {
  const { t } = useTranslation('editor');
  const labelId = useId();
  // The editor keeps the callbacks it was made with: the newest `onChange` is read through a ref.
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'] },
      }),
    ],
    content: initialValue,
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(description ? { 'aria-describedby': `${labelId}-description` } : {}),
      },
    },
  });

  const labels = {
    boldControlLabel: t('bold'),
    italicControlLabel: t('italic'),
    underlineControlLabel: t('underline'),
    strikeControlLabel: t('strike'),
    h2ControlLabel: t('h2'),
    h3ControlLabel: t('h3'),
    bulletListControlLabel: t('bulletList'),
    orderedListControlLabel: t('orderedList'),
    blockquoteControlLabel: t('blockquote'),
    linkControlLabel: t('link'),
    unlinkControlLabel: t('unlink'),
    linkEditorInputLabel: t('linkInput'),
    linkEditorInputPlaceholder: t('linkPlaceholder'),
    linkEditorExternalLink: t('linkExternal'),
    linkEditorInternalLink: t('linkInternal'),
    linkEditorSave: t('linkSave'),
  };
  return (
    <Input.Wrapper label={label} id={labelId} error={error} description={description}>
      <RichTextEditor
        editor={editor}
        mt={4}
        labels={labels}
        // Toolbar buttons big enough to tap (44 px) instead of Mantine's 26 px.
        styles={{ control: { minWidth: 44, height: 44 } }}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
