import { cn } from '@/lib/cn';

/**
 * What the rich text field's light read view (rich-text-field.tsx) and the editor it becomes
 * (rich-text-editor.tsx) share, kept out of the editor's chunk so the read view loads without
 * ProseMirror and tiptap (issue 19: a plan of 44 fields opens without 44 editors).
 */

/** The classes of the editable area: the read view looks exactly like the editor it becomes. */
export function richTextAreaClassName(compact: boolean | undefined): string {
  return cn(
    'w-full overflow-y-auto px-3 py-2 text-sm outline-none',
    // Preflight strips heading, list and link styles; the editor shows them as the PDF will.
    '[&_a]:text-primary [&_a]:underline [&_h1]:font-semibold [&_h1]:text-xl [&_h2]:font-semibold [&_h2]:text-lg [&_h3]:font-semibold [&_h3]:text-base [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5',
    compact ? 'min-h-9 max-h-40' : 'min-h-28 max-h-96',
  );
}

/** The elements the editor can make (and the server's allow-list keeps); anything else is unwrapped. */
const allowedTags = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'BLOCKQUOTE',
  'CODE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'SPAN',
  'A',
]);
/** Dropped with their content. */
const droppedTags = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
]);
const safeHref = /^(https?:|mailto:|tel:|#|\/)/i;

/**
 * The field's HTML cleaned for the read view with the allow-list the editor and server use: a value
 * usually comes from the server (already cleaned) but an AI draft or a restored draft has not been
 * through it, and the editor used to clean them by parsing into its schema. Parsed with DOMParser,
 * whose documents run no scripts and load nothing.
 */
export function cleanRichTextHtml(html: string): string {
  if (html === '') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}

function cleanChildren(parent: Element): void {
  for (const child of Array.from(parent.children)) {
    if (droppedTags.has(child.tagName)) {
      child.remove();
      continue;
    }
    cleanChildren(child);
    if (!allowedTags.has(child.tagName)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attribute of Array.from(child.attributes)) {
      const keep =
        child.tagName === 'A' && attribute.name === 'href' && safeHref.test(attribute.value.trim());
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
  // Comments and processing instructions carry nothing to show.
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.TEXT_NODE) node.remove();
  }
}

/** Where a selection ends in the read view, as characters of text from its start. */
export interface TextRange {
  from: number;
  to: number;
}

/** The read view's selection as text offsets, or null when the selection is not inside `root`. */
export function textRangeIn(root: HTMLElement): TextRange | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const { anchorNode, anchorOffset, focusNode, focusOffset } = selection;
  if (!anchorNode || !focusNode || !root.contains(anchorNode) || !root.contains(focusNode)) return null;
  const offsetOf = (node: Node, offset: number): number => {
    const range = document.createRange();
    range.selectNodeContents(root);
    range.setEnd(node, offset);
    return range.toString().length;
  };
  const a = offsetOf(anchorNode, anchorOffset);
  const b = offsetOf(focusNode, focusOffset);
  return { from: Math.min(a, b), to: Math.max(a, b) };
}
