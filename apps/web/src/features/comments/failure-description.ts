import { commentMessages } from '@wattle/domain/comments/constants';
import { isApiError } from '../../lib/http';

/**
 * The description of a failed comment or file write: the server's refusal word for word when it
 * gave one (a 4xx with a message: 'Only PDF, DOC and DOCX files can be attached', 'Fiona Family
 * cannot read internal comments, so cannot be mentioned in one'...), else `fallback`, the
 * specification's text, for a server that was not reached or failed without saying why.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}

/** What 'Upload failed' says: the server's refusal, or 'Try again later'. */
export function uploadFailure(error: unknown): string {
  return failureDescription(error, commentMessages.uploadFailed.description);
}

/**
 * What a failed post says under 'Error': why the server refused it (a 4xx reason), or 'Failed to
 * add comment. Please try again.' when it was not reached or failed.
 */
export function addCommentFailure(error: unknown): string {
  return failureDescription(error, commentMessages.addFailed.description);
}
