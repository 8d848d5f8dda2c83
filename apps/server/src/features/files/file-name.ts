import type { DocumentFormat } from '@wattle/domain/files/schemas';

export const fileNameMaxLength = 200;

/**
 * A file name as Wattle shows and offers it back: the last part of whatever path the browser sent,
 * without control characters or the bidirectional overrides that make 'report‮fdp.exe' read as
 * 'reportexe.pdf', spaces collapsed, at most 200 characters with the extension kept. An empty
 * result becomes 'attachment.<format>'.
 */
export function displayFileName(raw: string, format: DocumentFormat): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || /^\.+$/.test(clean)) return `attachment.${format}`;
  if (clean.length <= fileNameMaxLength) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return `${clean.slice(0, fileNameMaxLength - extension.length).trimEnd()}${extension}`;
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
