import { TextSelection } from '@tiptap/pm/state';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  RemoveFormattingIcon,
  UnderlineIcon,
} from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover';
import { richTextAreaClassName, type TextRange } from './rich-text-html';

/**
 * The rich text editor of text and textarea fields (spec work section 2): headings 1-3, bold, italic,
 * underline, ordered and bulleted lists, link and clean. Its output is HTML, which the server
 * sanitises with the spec's allow-list; only elements on that list can be made here (no rules, no
 * images). Loaded in its own chunk (`rich-text-field.tsx` shows a light read view meanwhile).
 */

export interface RichTextEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** A text field: one or two lines tall. A textarea: several lines. */
  compact?: boolean;
  /**
   * Called at every change typed, without the HTML: `take()` gives the HTML as it is now (and counts
   * it as sent), or null when `onChange` has had it already. The editor serialises its document and
   * calls `onChange` only once typing pauses (`typingSettleMs`), so a keystroke costs no HTML and no
   * render of the form; whoever must have the latest text at once (a save, leaving the page) takes it.
   */
  onTyping?: (take: () => string | null) => void;
  /** The field's name, for the toolbar's label. */
  name: string;
  /** Shown without the toolbar and not editable. */
  readOnly?: boolean;
  /**
   * Set when the editor takes over from the field's read view (rich-text-field.tsx) that had focus:
   * it takes the focus at once, with the read view's selection (text offsets) or at the end.
   */
  initialSelection?: TextRange | 'end';
  /**
   * What the read view held when the editor took over, when it differs from `value` (typed there
   * before the editor's code arrived): the editor starts from it, spaces and all.
   */
  initialHtml?: string;
}

/** The document position `offset` characters of text from the start (block boundaries skipped). */
function positionAtTextOffset(editor: Editor, offset: number): number {
  const { doc } = editor.state;
  let seen = 0;
  let found: number | null = null;
  doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (!node.isText) return true;
    const length = node.text?.length ?? 0;
    if (offset <= seen + length) found = pos + (offset - seen);
    seen += length;
    return false;
  });
  return found ?? doc.content.size - 1;
}

/** The editor's HTML, or '' when it holds no text (an empty editor still holds `<p></p>`). */
function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * How long typing must pause before the editor hands its HTML up (issue 19). Serialising the document
 * and drawing the form again (compliance, the count left, the local draft) took longer than a frame
 * on a phone, at every keystroke; now a burst of typing costs the editor's own work only. Saves do
 * not wait for it: they take the HTML at once (`onTyping`).
 */
export const typingSettleMs = 300;

function editorAttributes(props: RichTextEditorProps): Record<string, string> {
  const attributes: Record<string, string> = {
    id: props.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelId,
    class: richTextAreaClassName(props.compact),
  };
  if (props.describedBy) attributes['aria-describedby'] = props.describedBy;
  if (props.invalid) attributes['aria-invalid'] = 'true';
  if (props.required) attributes['aria-required'] = 'true';
  if (props.readOnly) attributes['aria-readonly'] = 'true';
  return attributes;
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange } = props;
  // The last HTML this editor sent up: a value coming back down that equals it is no outside change.
  const lastEmitted = useRef(props.initialHtml ?? value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onTypingRef = useRef(props.onTyping);
  onTypingRef.current = props.onTyping;
  // Typed and not yet sent up: the HTML is made once typing pauses, or when someone takes it.
  const unsent = useRef<{ editor: Editor; timer: ReturnType<typeof setTimeout> } | null>(null);
  const take = useRef((): string | null => {
    const pending = unsent.current;
    if (!pending) return null;
    clearTimeout(pending.timer);
    unsent.current = null;
    if (pending.editor.isDestroyed) return null;
    const html = editorHtml(pending.editor);
    lastEmitted.current = html;
    return html;
  }).current;
  /** Sends up what is typed and not yet sent (typing paused, the editor goes). */
  const sendUnsent = useRef(() => {
    const html = take();
    if (html !== null) onChangeRef.current(html);
  }).current;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        // Not in the toolbar nor on the server's allow-list.
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
    ],
    content: props.initialHtml !== undefined ? '' : value || '',
    editable: !props.readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editorAttributes(props) },
    onUpdate: ({ editor: current }) => {
      if (unsent.current) clearTimeout(unsent.current.timer);
      unsent.current = { editor: current, timer: setTimeout(sendUnsent, typingSettleMs) };
      onTypingRef.current?.(take);
    },
  });
  // The editor goes (its section closed, the form left): what is typed goes up first.
  useEffect(() => sendUnsent, [sendUnsent]);

  // Taking over from the focused read view: in the commit that mounts the editor (EditorContent has
  // put its DOM in place), before the browser can deliver another keystroke.
  const initialSelection = useRef(props.initialSelection);
  const initialHtml = useRef(props.initialHtml);
  useLayoutEffect(() => {
    const wanted = initialSelection.current;
    if (!wanted || editor.isDestroyed) return;
    if (initialHtml.current !== undefined) {
      // Typed in the read view: its spaces are kept (a trailing one is the next word's).
      editor.commands.setContent(initialHtml.current.replaceAll('&nbsp;', ' '), {
        emitUpdate: false,
        parseOptions: { preserveWhitespace: 'full' },
      });
    }
    const end = Math.max(1, editor.state.doc.content.size - 1);
    const from = wanted === 'end' ? end : positionAtTextOffset(editor, wanted.from);
    const to = wanted === 'end' ? end : positionAtTextOffset(editor, wanted.to);
    editor.view.focus();
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)));
    // What was typed in the read view goes up as the editor's HTML, as if typed here.
    const html = editorHtml(editor);
    if (initialHtml.current !== undefined && html !== lastEmitted.current) {
      lastEmitted.current = html;
      onChangeRef.current(html);
    }
  }, [editor]);

  // Labels and states change (an issue appears after a submit attempt): keep the attributes current.
  const attributes = editorAttributes(props);
  const attributesKey = JSON.stringify(attributes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributesKey stands for attributes.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (editor.isEditable === Boolean(props.readOnly)) editor.setEditable(!props.readOnly, false);
  }, [editor, props.readOnly]);

  // A value changed from outside (an AI draft, a restored draft, another person's saved change) is
  // shown, unless the person is typing here: replacing the content would move their cursor.
  useEffect(() => {
    if (value === lastEmitted.current || editor.isFocused || unsent.current) return;
    if (value === editorHtml(editor)) {
      lastEmitted.current = value;
      return;
    }
    editor.commands.setContent(value || '', { emitUpdate: false });
    lastEmitted.current = value;
  }, [editor, value]);

  return (
    <div
      className={cn(
        'rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30',
        props.invalid && 'border-destructive ring-destructive/20',
      )}
    >
      {props.readOnly ? null : <Toolbar editor={editor} name={props.name} />}
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolbarState {
  h1: boolean;
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  orderedList: boolean;
  bulletList: boolean;
  link: boolean;
  href: string;
}

/** The formatting toolbar: one tab stop, arrow keys move between its buttons (WAI-ARIA toolbar). */
function Toolbar({ editor, name }: { editor: Editor; name: string }) {
  const state = useEditorState<ToolbarState>({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      orderedList: e.isActive('orderedList'),
      bulletList: e.isActive('bulletList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(
      toolbarRef.current?.querySelectorAll<HTMLButtonElement>('[data-toolbar-item]') ?? [],
    );
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    let next = current;
    if (event.key === 'ArrowRight') next = (current + 1) % buttons.length;
    else if (event.key === 'ArrowLeft') next = (current - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else return;
    event.preventDefault();
    setFocusIndex(next);
    buttons[next]?.focus();
  };

  const chain = () => editor.chain().focus();
  let index = 0;
  const item = (label: string, pressed: boolean, onClick: () => void, icon: ReactNode) => {
    const myIndex = index++;
    return (
      <ToolbarButton
        key={label}
        label={label}
        pressed={pressed}
        tabIndex={myIndex === focusIndex ? 0 : -1}
        onFocus={() => setFocusIndex(myIndex)}
        onClick={onClick}
      >
        {icon}
      </ToolbarButton>
    );
  };

  return (
    <div
      ref={toolbarRef}
      role="toolbar"
      aria-label={`Formatting, ${name}`}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b bg-surface px-1 py-1"
    >
      {item(
        'Heading 1',
        Boolean(state?.h1),
        () => chain().toggleHeading({ level: 1 }).run(),
        <Heading1Icon />,
      )}
      {item(
        'Heading 2',
        Boolean(state?.h2),
        () => chain().toggleHeading({ level: 2 }).run(),
        <Heading2Icon />,
      )}
      {item(
        'Heading 3',
        Boolean(state?.h3),
        () => chain().toggleHeading({ level: 3 }).run(),
        <Heading3Icon />,
      )}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      {item('Bold', Boolean(state?.bold), () => chain().toggleBold().run(), <BoldIcon />)}
      {item('Italic', Boolean(state?.italic), () => chain().toggleItalic().run(), <ItalicIcon />)}
      {item('Underline', Boolean(state?.underline), () => chain().toggleUnderline().run(), <UnderlineIcon />)}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      {item(
        'Numbered list',
        Boolean(state?.orderedList),
        () => chain().toggleOrderedList().run(),
        <ListOrderedIcon />,
      )}
      {item(
        'Bulleted list',
        Boolean(state?.bulletList),
        () => chain().toggleBulletList().run(),
        <ListIcon />,
      )}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <LinkButton
        editor={editor}
        active={Boolean(state?.link)}
        href={state?.href ?? ''}
        tabIndex={index === focusIndex ? 0 : -1}
        onFocus={(
          (myIndex) => () =>
            setFocusIndex(myIndex)
        )(index++)}
      />
      {item(
        'Clear formatting',
        false,
        () => chain().unsetAllMarks().clearNodes().run(),
        <RemoveFormattingIcon />,
      )}
    </div>
  );
}

function ToolbarButton({
  label,
  pressed,
  children,
  ...props
}: {
  label: string;
  pressed: boolean;
  children: ReactNode;
  tabIndex: number;
  onFocus: () => void;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      data-toolbar-item=""
      aria-label={label}
      title={label}
      aria-pressed={label === 'Clear formatting' ? undefined : pressed}
      className={cn('size-8', pressed && 'bg-accent text-accent-foreground')}
      // Keep the selection in the editor when a button is clicked with the mouse.
      onMouseDown={(event) => event.preventDefault()}
      {...props}
    >
      {children}
    </Button>
  );
}

/** The link button: a small popover to add, change or remove the link of the selected text. */
function LinkButton({
  editor,
  active,
  href,
  tabIndex,
  onFocus,
}: {
  editor: Editor;
  active: boolean;
  href: string;
  tabIndex: number;
  onFocus: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const inputId = useId();

  const apply = () => {
    const trimmed = url.trim();
    if (!trimmed) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
    } else {
      const withProtocol = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
      const chain = editor.chain().focus().extendMarkRange('link');
      if (editor.state.selection.empty && !active) {
        // Nothing selected: insert the address itself as the link text.
        chain
          .insertContent({
            type: 'text',
            text: trimmed,
            marks: [{ type: 'link', attrs: { href: withProtocol } }],
          })
          .run();
      } else chain.setLink({ href: withProtocol }).run();
    }
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setUrl(href);
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          data-toolbar-item=""
          aria-label="Link"
          title="Link"
          aria-pressed={active}
          tabIndex={tabIndex}
          onFocus={onFocus}
          className={cn('size-8', active && 'bg-accent text-accent-foreground')}
          onMouseDown={(event) => event.preventDefault()}
        >
          <LinkIcon />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80">
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Label htmlFor={inputId}>Link address</Label>
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            {active ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpen(false);
                }}
              >
                Remove link
              </Button>
            ) : null}
            <Button type="submit" size="sm">
              Apply
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}
