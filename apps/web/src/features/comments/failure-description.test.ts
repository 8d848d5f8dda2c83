import { uploadMessages } from '@wattle/domain/files/constants';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { addCommentFailure, failureDescription, uploadFailure } from './failure-description';

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

describe('addCommentFailure', () => {
  it('shows why the server refused the comment (a 4xx), word for word', () => {
    const refusal = 'Fiona Family cannot read internal comments, so cannot be mentioned in one';
    expect(addCommentFailure(new ApiError(400, 'VALIDATION_FAILED', refusal))).toBe(refusal);
    expect(
      addCommentFailure(
        new ApiError(403, 'FORBIDDEN', 'You do not have permission to post internal comments'),
      ),
    ).toBe('You do not have permission to post internal comments');
    expect(addCommentFailure(new ApiError(404, 'NOT_FOUND', 'Comment not found'))).toBe('Comment not found');
  });

  it("keeps the specification's text when the server was not reached or failed", () => {
    const spec = 'Failed to add comment. Please try again.';
    expect(addCommentFailure(new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle.'))).toBe(spec);
    expect(addCommentFailure(new ApiError(500, 'INTERNAL', 'The server failed'))).toBe(spec);
    expect(addCommentFailure(new ApiError(502, 'HTTP_502', 'Bad Gateway'))).toBe(spec);
    expect(addCommentFailure(new Error('boom'))).toBe(spec);
  });
});

describe('failureDescription', () => {
  it('falls back for a 4xx without a reason', () => {
    expect(failureDescription(new ApiError(409, 'CONFLICT', ''), 'Fallback')).toBe('Fallback');
  });
});
