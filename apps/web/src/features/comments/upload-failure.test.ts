import { uploadMessages } from '@wattle/domain/files/schemas';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { uploadFailure } from './upload-failure';

describe('uploadFailure', () => {
  it("shows the server's refusal word for word", () => {
    expect(uploadFailure(new ApiError(415, 'VALIDATION_FAILED', uploadMessages.wrongType))).toBe(
      'Only PDF, DOC and DOCX files can be attached',
    );
    expect(uploadFailure(new ApiError(413, 'VALIDATION_FAILED', uploadMessages.tooLarge(10_485_760)))).toBe(
      'The file is larger than the 10 MB limit',
    );
  });

  it("says 'Try again later' when the server was not reached, failed, or gave no reason", () => {
    expect(uploadFailure(new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle.'))).toBe(
      'Try again later',
    );
    expect(uploadFailure(new ApiError(503, 'HTTP_503', 'Service Unavailable'))).toBe('Try again later');
    expect(uploadFailure(new ApiError(400, 'HTTP_400', ''))).toBe('Try again later');
    expect(uploadFailure(new Error('boom'))).toBe('Try again later');
  });
});
