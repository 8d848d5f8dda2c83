import type { DocumentFormat } from '@wattle/domain/files/schemas';

export const fileNameMaxLength = 200;

/** What follows the last dot when it reads as an extension: 1–10 letters and digits, a letter among them. */
const extensionLike = /^(?=.*[a-z])[a-z0-9]{1,10}$/i;

/**
 * A file name as Wattle stores, shows and offers it back: the last part of whatever path the browser
 * sent, without control characters or the bidirectional overrides that make 'report‮fdp.exe' read as
 * 'reportexe.pdf', spaces collapsed, and ending in the extension of the format found in the content,
 * whatever the uploader typed: a wrong extension is replaced ('invoice.hta' holding a PDF becomes
 * 'invoice.pdf'), a missing one added ('Plan v1.2' becomes 'Plan v1.2.pdf'), a right one kept as
 * typed ('Report.PDF'). Trailing dots and spaces go first, since Windows drops them when saving
 * ('invoice.hta.' would be saved as 'invoice.hta'). At most 200 characters, the extension kept; an
 * empty name becomes 'attachment.<format>'.
 */
export function displayFileName(raw: string, format: DocumentFormat): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s.]+$/, '')
    .trim();
  const dot = clean.lastIndexOf('.');
  const typed = dot >= 0 ? clean.slice(dot + 1) : '';
  const isRight = typed.toLowerCase() === format;
  const extension = isRight ? `.${typed}` : `.${format}`;
  const stem = dot >= 0 && (isRight || extensionLike.test(typed)) ? clean.slice(0, dot) : clean;
  const shown = stem.slice(0, fileNameMaxLength - extension.length).replace(/[\s.]+$/, '');
  return `${shown || 'attachment'}${extension}`;
}

/**
 * The name the browser sent, as the audit trail keeps it beside the name Wattle gave the file:
 * control characters (which a jsonb value cannot always hold, NUL above all) shown as U+FFFD, the
 * direction marks kept so a reader sees the trick, at most 1000 characters.
 */
export function typedFileName(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point
  return raw.slice(0, 1000).replace(/[\u0000-\u001f\u007f]/g, '\ufffd');
}

/**
 * A Content-Disposition header that offers the file under its name: an ASCII fallback for old
 * clients, and the exact name RFC 5987-encoded (`filename*=UTF-8''…`) for everyone else.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The same header for showing the file in the page (a PDF previewed in file storage) rather than saving it. */
export function inlineDisposition(name: string): string {
  return attachmentDisposition(name).replace(/^attachment;/, 'inline;');
}
