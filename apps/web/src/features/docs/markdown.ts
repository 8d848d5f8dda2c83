import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * The handbook and the guides: Markdown kept in the repo (docs/handbook, docs/guides), bundled into
 * the web build with Vite's `?raw` imports, split into searchable sections and rendered to HTML with
 * marked, then sanitised with DOMPurify (no script, no event handlers, no raw HTML slips through), so
 * nothing in a document can run in the page even if a document were changed carelessly.
 */

export interface DocSection {
  /** A stable id for the anchor and the contents list: the chapter's and the heading's slug. */
  id: string;
  /** The chapter (the file's `# ` title). */
  chapter: string;
  /** The `## ` heading, or the chapter's title for its introduction. */
  title: string;
  /** The section's Markdown, without its heading. */
  markdown: string;
  /** Lower-cased plain text of the title and body, for search. */
  searchText: string;
}

export interface DocChapter {
  id: string;
  title: string;
  sections: DocSection[];
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Markdown to the words a reader sees: no markup, links as their text. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, ' '))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One file as a chapter: its `# ` title, the text before the first `## ` as an introduction, then a
 * section per `## ` heading (deeper headings stay inside their section).
 */
export function parseChapter(markdown: string, fallbackTitle: string): DocChapter {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let title = fallbackTitle;
  const titleIndex = lines.findIndex((line) => /^# /.test(line));
  if (titleIndex >= 0) {
    title = lines[titleIndex]!.slice(2).trim();
    lines.splice(titleIndex, 1);
  }
  const chapterId = slugify(title);
  const sections: DocSection[] = [];
  let current = { title, lines: [] as string[] };
  let inFence = false;
  const flush = () => {
    const body = current.lines.join('\n').trim();
    if (!body && current.title === title) return;
    sections.push({
      id: current.title === title ? chapterId : `${chapterId}--${slugify(current.title)}`,
      chapter: title,
      title: current.title,
      markdown: body,
      searchText: `${title} ${current.title} ${plainText(body)}`.toLowerCase(),
    });
  };
  for (const line of lines) {
    if (/^```/.test(line)) inFence = !inFence;
    if (!inFence && /^## /.test(line)) {
      flush();
      current = { title: line.slice(3).trim(), lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  flush();
  return { id: chapterId, title, sections };
}

/** The words of a search, lower-cased: a section matches when it holds every one. */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

export function sectionMatches(section: DocSection, words: readonly string[]): boolean {
  return words.every((word) => section.searchText.includes(word));
}

/** Chapters keeping only the sections that hold every word; chapters left empty go. */
export function filterChapters(chapters: readonly DocChapter[], query: string): DocChapter[] {
  const words = searchWords(query);
  if (words.length === 0) return [...chapters];
  return chapters
    .map((chapter) => ({ ...chapter, sections: chapter.sections.filter((s) => sectionMatches(s, words)) }))
    .filter((chapter) => chapter.sections.length > 0);
}

const marked = new Marked({ gfm: true, breaks: false });

// Raw HTML in a document is shown as text, never parsed: the documents are Markdown only.
marked.use({
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
  },
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A section's Markdown as safe HTML. Headings inside it shift down one level (### → h4) so the page
 * keeps one h1 and a heading per section at h3. Links to other sites open in a new tab; code blocks
 * can be focused, so a wide one scrolls by keyboard.
 */
export function renderMarkdown(markdown: string): string {
  const shifted = markdown.replace(/^(#{3,5}) /gm, '#$1 ');
  const html = marked.parse(shifted, { async: false });
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'img'],
    FORBID_ATTR: ['style'],
  });
  return (
    clean
      .replace(/<a href="(https?:\/\/[^"]+)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"')
      // A code block wider than the page scrolls: it takes focus so the keyboard can scroll it too.
      .replace(/<pre>/g, '<pre tabindex="0">')
  );
}
