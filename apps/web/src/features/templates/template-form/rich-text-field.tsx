import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { RichTextEditorProps } from './rich-text-editor';
import { cleanRichTextHtml, richTextAreaClassName, type TextRange, textRangeIn } from './rich-text-html';

/**
 * A rich text field (text and textarea fields of a template form). Until it is first focused it is a
 * light read view: the field's HTML in a box that looks like the editor, an editable area of its own
 * so nothing typed is lost. Focusing it loads the editor (ProseMirror and tiptap, a chunk of its own,
 * fetched already when the pointer comes near) and swaps it in with the same content, focus and
 * selection. A plan of 44 fields thus opens without loading the editor at all and without making an
 * editor per field, which was most of the card page's JavaScript and of its time to first paint
 * (issue 19).
 */

type EditorModule = { RichTextEditor: ComponentType<RichTextEditorProps> };

let editorModule: EditorModule | null = null;
let editorLoading: Promise<EditorModule> | null = null;

/** Loads the editor's chunk once; the promise rejects when it cannot be fetched (offline). */
function loadEditor(): Promise<EditorModule> {
  editorLoading ??= import('./rich-text-editor').then(
    (module) => {
      editorModule = module;
      return module;
    },
    (error: unknown) => {
      editorLoading = null;
      throw error;
    },
  );
  return editorLoading;
}

/** Starts loading the editor (a field about to be used). */
export function preloadRichTextEditor(): void {
  loadEditor().catch(() => {
    // The field stays a plain editable area; focusing it tries again.
  });
}

export function RichTextField(props: RichTextEditorProps) {
  const { value, onChange, readOnly, compact } = props;
  // The editor, once this field has been focused and its code is here.
  const [editor, setEditor] = useState<EditorModule | null>(null);
  const [wantsEditor, setWantsEditor] = useState(false);
  const readView = useRef<HTMLDivElement>(null);
  // What the read view held and where its selection was when the editor took over.
  const handover = useRef<{ html: string; selection: TextRange | null; focused: boolean } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Something was typed in the read view before the editor arrived: the editor starts from it.
  const typedInReadView = useRef(false);

  useEffect(() => {
    if (!wantsEditor || editor) return;
    let live = true;
    loadEditor().then(
      (module) => {
        if (live) setEditor(module);
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wantsEditor, editor]);

  if (editor && !readOnly) {
    if (handover.current === null && readView.current) {
      // Read in the render that swaps the editor in: no keystroke can land in between.
      const node = readView.current;
      handover.current = {
        html: node.innerHTML,
        selection: textRangeIn(node),
        focused: document.activeElement === node,
      };
    }
    const start = handover.current;
    const Editor = editor.RichTextEditor;
    return (
      <Editor
        {...props}
        initialHtml={start?.focused && typedInReadView.current ? start.html : undefined}
        initialSelection={start?.focused ? (start.selection ?? 'end') : undefined}
      />
    );
  }

  return (
    <RichTextReadView
      {...props}
      ref={readView}
      loadFailed={loadFailed}
      onWantEditor={() => {
        if (readOnly) return;
        if (editorModule) setEditor(editorModule);
        else setWantsEditor(true);
      }}
      onTyped={(html) => {
        typedInReadView.current = true;
        onChange(html);
      }}
      value={value}
      compact={compact}
    />
  );
}

function RichTextReadView({
  ref,
  id,
  value,
  labelId,
  describedBy,
  invalid,
  required,
  readOnly,
  compact,
  loadFailed,
  onWantEditor,
  onTyped,
}: RichTextEditorProps & {
  ref: React.Ref<HTMLDivElement>;
  loadFailed: boolean;
  onWantEditor: () => void;
  onTyped: (html: string) => void;
}) {
  // What was typed here comes back down as `value`: the area already shows it, and setting its HTML
  // again would move the caret to the start.
  const lastTyped = useRef<string | null>(null);
  const shown = useRef('');
  const cleaned = useMemo(() => cleanRichTextHtml(value), [value]);
  if (value !== lastTyped.current) shown.current = cleaned;
  const area = (
    // biome-ignore lint/a11y/useSemanticElements: rich text (lists, headings, links) cannot be a textarea; the editor's own area is a div with this role too.
    <div
      ref={ref}
      id={id}
      role="textbox"
      aria-multiline="true"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      aria-readonly={readOnly || undefined}
      tabIndex={readOnly ? 0 : undefined}
      contentEditable={!readOnly}
      suppressContentEditableWarning
      // As the editor's own area (ProseMirror's style): typed spaces stay spaces, not &nbsp;.
      className={cn(richTextAreaClassName(compact), 'whitespace-pre-wrap break-words')}
      // The HTML is cleaned with the editor's allow-list (cleanRichTextHtml).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned above.
      dangerouslySetInnerHTML={{ __html: shown.current }}
      onPointerEnter={readOnly ? undefined : preloadRichTextEditor}
      onFocus={onWantEditor}
      // Typed before the editor's code arrived (or when it cannot load): kept, as the editor would.
      onInput={(event) => {
        const area = event.currentTarget;
        const typed = area.textContent?.trim() ? area.innerHTML.replaceAll('&nbsp;', ' ') : '';
        lastTyped.current = typed;
        onTyped(typed);
      }}
    />
  );
  return (
    <div
      className={cn(
        'rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30',
        invalid && 'border-destructive ring-destructive/20',
      )}
    >
      {readOnly ? null : (
        // The toolbar's place, so the text does not move when the editor and its toolbar arrive.
        <div aria-hidden="true" className="h-[41px] border-b bg-surface" />
      )}
      {area}
      {loadFailed ? (
        <p role="status" className="border-t px-3 py-1 text-muted-foreground text-xs">
          The formatting tools could not be loaded; what you type is kept.
        </p>
      ) : null}
    </div>
  );
}
