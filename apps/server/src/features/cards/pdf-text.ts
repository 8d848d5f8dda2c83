import { decodeEntities } from '@wattle/domain/cards/compliance';
import { monthNames } from '@wattle/domain/shared/dates';
import type { FieldValue, FormField, SignatureValue } from '@wattle/domain/templates/schemas';

/**
 * Text for the card PDF: rich-text HTML turned into readable blocks (paragraphs, headings, list items
 * with their bullets or numbers), field values as a reader expects them (Yes/No, dates as 3 March 2025,
 * lists joined, '—' when empty), and text limited to what the PDF's standard fonts can draw.
 */

export interface TextBlock {
  kind: 'paragraph' | 'heading' | 'item' | 'quote' | 'code';
  text: string;
  /** The list marker of an item ('•', '1.'). */
  marker?: string;
  /** Nesting of lists: 0 outside any list or in a top-level one. */
  depth: number;
}

export const emptyValue = '—';

const blockTags = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre']);

/**
 * The blocks of a rich-text value. Values without tags (typed before rich text, or by an API client)
 * are read as plain text: blank lines separate paragraphs, single newlines stay line breaks.
 */
export function richTextToBlocks(value: string): TextBlock[] {
  if (!/<[a-z/!]/i.test(value)) {
    return value
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((p) =>
        decodeEntities(p)
          .replace(/[ \t]+/g, ' ')
          .trim(),
      )
      .filter((p) => p.length > 0)
      .map((text) => ({ kind: 'paragraph' as const, text, depth: 0 }));
  }

  const blocks: TextBlock[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let current: Omit<TextBlock, 'text'> = { kind: 'paragraph', depth: 0 };
  let buffer = '';
  let inPre = 0;
  let inQuote = 0;
  let skipDepth = 0;

  const flush = () => {
    const text = buffer
      .split('\n')
      .map((line) => (inPre ? line.replace(/\s+$/, '') : line.replace(/\s+/g, ' ').trim()))
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
    if (text.trim().length > 0) blocks.push({ ...current, text });
    buffer = '';
    current = {
      kind: inPre ? 'code' : inQuote ? 'quote' : 'paragraph',
      depth: Math.max(0, lists.length - 1),
    };
  };

  const token = /<!--[\s\S]*?-->|<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>|([^<]+)|</gi;
  for (let m = token.exec(value); m; m = token.exec(value)) {
    const [whole, closing, rawTag, , text] = m;
    if (whole.startsWith('<!--')) continue;
    if (text !== undefined || rawTag === undefined) {
      if (skipDepth > 0) continue;
      const decoded = decodeEntities(text ?? whole);
      buffer += inPre ? decoded : decoded.replace(/\s+/g, ' ');
      continue;
    }
    const tag = rawTag.toLowerCase();
    // Sanitised values never hold these, but a stray one must not put code into the document.
    if (tag === 'script' || tag === 'style') {
      skipDepth += closing ? -1 : 1;
      skipDepth = Math.max(0, skipDepth);
      continue;
    }
    if (skipDepth > 0) continue;
    if (tag === 'br') {
      buffer += '\n';
      continue;
    }
    if (tag === 'ul' || tag === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', next: 1 });
      current.depth = Math.max(0, lists.length - 1);
      continue;
    }
    if (!blockTags.has(tag)) continue;
    flush();
    if (closing) {
      if (tag === 'pre') inPre = Math.max(0, inPre - 1);
      if (tag === 'blockquote') inQuote = Math.max(0, inQuote - 1);
      current.kind = inPre ? 'code' : inQuote ? 'quote' : 'paragraph';
      continue;
    }
    if (tag === 'pre') inPre += 1;
    if (tag === 'blockquote') inQuote += 1;
    const depth = Math.max(0, lists.length - 1);
    if (tag === 'li') {
      const list = lists.at(-1);
      const marker = list?.ordered ? `${list.next++}.` : '•';
      current = { kind: 'item', marker, depth };
    } else if (/^h\d$/.test(tag)) {
      current = { kind: 'heading', depth };
    } else {
      current = { kind: inPre ? 'code' : inQuote ? 'quote' : 'paragraph', depth };
    }
  }
  flush();
  return blocks;
}

/** A calendar date (yyyy-mm-dd) as d MMMM yyyy; anything else is returned as it is. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return value;
  const month = monthNames[Number(m[2]) - 1];
  if (!month) return value;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

/** An instant as d MMMM yyyy, h:mm am/pm in the tenant's time zone (3 March 2025, 2:05 pm). */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const month = monthNames[Number(parts.month) - 1] ?? parts.month;
  return `${Number(parts.day)} ${month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}

export function isSignatureValue(value: FieldValue | undefined): value is SignatureValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'signerName' in value;
}

/**
 * A field's value as blocks of text for the PDF (signatures are drawn apart, see pdf-render.ts).
 * Empty values read '—'.
 */
export function fieldValueBlocks(field: Pick<FormField, 'type'>, value: FieldValue | undefined): TextBlock[] {
  const one = (text: string): TextBlock[] => [{ kind: 'paragraph', text, depth: 0 }];
  if (value === undefined || value === null) return one(emptyValue);
  if (typeof value === 'boolean') return one(value ? 'Yes' : 'No');
  if (Array.isArray(value)) {
    const items = value.map((v) => v.trim()).filter(Boolean);
    return one(items.length ? items.join(', ') : emptyValue);
  }
  if (isSignatureValue(value)) return one(value.typed ?? value.signerName);
  if (field.type === 'checkbox') return one(value === 'true' ? 'Yes' : value === 'false' ? 'No' : value);
  if (field.type === 'date') return one(value.trim() ? formatDate(value) : emptyValue);
  if (field.type === 'text' || field.type === 'textarea') {
    const blocks = richTextToBlocks(value);
    return blocks.length ? blocks : one(emptyValue);
  }
  return one(value.trim() ? value.trim() : emptyValue);
}

/** A rich-text or plain value as one line of text (headers, names). */
export function singleLine(value: FieldValue | undefined): string {
  if (typeof value !== 'string') return '';
  return richTextToBlocks(value)
    .map((b) => b.text.replace(/\s*\n\s*/g, ' '))
    .join(' ')
    .trim();
}

/** Characters beyond Latin-1 that the standard PDF fonts still draw (WinAnsi encoding). */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((c) => c.codePointAt(0) as number));
const replacements: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2022': '•',
  '\u25CF': '•',
  '\u25E6': '•',
  '\u2043': '-',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u200B': '',
  '\u2713': 'Yes',
  '\u2714': 'Yes',
};

/**
 * Text the standard fonts (Helvetica, Times) can draw: WinAnsi characters kept, accented letters
 * outside it reduced to their base letter (ā → a), tabs as spaces, anything else as '?'.
 */
export function winAnsiSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += '    ';
    else if (code < 32 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || winAnsiExtras.has(code)) out += ch;
    else if (ch in replacements) out += replacements[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => (c.codePointAt(0) as number) <= 0xff) ? base : '?';
    }
  }
  return out;
}
