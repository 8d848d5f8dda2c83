import { commentMessages } from '@wattle/domain/comments/schemas';
import { isApiError } from '../../lib/http';

/**
 * What 'Upload failed' says: the server's refusal of the file word for word ('Only PDF, DOC and DOCX
 * files can be attached', the size limit...), or 'Try again later' when the server was not reached
 * or failed without saying why.
 */
export function uploadFailure(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return commentMessages.uploadFailed.description;
}
