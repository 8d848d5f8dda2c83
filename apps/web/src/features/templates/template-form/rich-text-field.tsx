import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import type { RichTextEditorProps } from './rich-text-editor';

/** The rich text editor's code (ProseMirror and tiptap) loads on first use, in a chunk of its own. */
const RichTextEditor = lazyPart(() => import('./rich-text-editor'), 'RichTextEditor');

/** Starts loading the editor early (the form calls it as it opens, before a text field shows). */
export function preloadRichTextEditor(): void {
  void import('./rich-text-editor').catch(() => {
    // Shown in place of the editor by LazyPartBoundary when it is needed.
  });
}

export function RichTextField(props: RichTextEditorProps) {
  return (
    <LazyPartBoundary
      fallback={
        <p
          role="status"
          className={
            props.compact
              ? 'flex min-h-9 items-center rounded-md border border-input px-3 text-muted-foreground text-sm'
              : 'flex min-h-28 items-center rounded-md border border-input px-3 text-muted-foreground text-sm'
          }
        >
          Loading editor…
        </p>
      }
    >
      <RichTextEditor {...props} />
    </LazyPartBoundary>
  );
}
