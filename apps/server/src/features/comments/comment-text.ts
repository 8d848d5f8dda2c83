import { AppError } from '../../http/app-error';

/**
 * A comment's text as stored: plain text with its ends trimmed (inner line breaks kept). The web
 * shows it as text, never as HTML, so nothing is escaped here; NUL is refused because Postgres text
 * cannot hold it and no keyboard types it.
 */
export function commentText(content: string): string {
  if (content.includes('\u0000')) {
    throw new AppError('VALIDATION_FAILED', 'A comment cannot contain NUL characters', [
      { path: ['content'], message: 'A comment cannot contain NUL characters' },
    ]);
  }
  return content.trim();
}

/** The start of a comment for a notification: one line, at most `max` characters. */
export function commentExcerpt(content: string, max = 80): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
