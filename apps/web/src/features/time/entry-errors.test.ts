import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { entryFailure } from './entry-errors';

describe('entryFailure', () => {
  it('puts the server’s validation messages on their fields, an end date’s on the end time', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid input', [
      { path: ['endTime'], message: 'End time must be after start time.' },
      { path: ['timeCodeId'], message: 'Please choose a time code' },
      { path: ['endDate'], message: 'ignored: endTime has one' },
      { path: [], message: 'Something about the whole entry' },
    ]);
    expect(entryFailure(error)).toEqual({
      fields: { endTime: 'End time must be after start time.', timeCodeId: 'Please choose a time code' },
      message: 'Something about the whole entry',
    });
  });

  it('shows an overlap or a pricing refusal as the server words it', () => {
    const overlap = new ApiError(
      409,
      'CONFLICT',
      'This overlaps your entry on Sat 14 Nov 09:00–11:00 (Assistance with self-care)',
    );
    expect(entryFailure(overlap)).toEqual({
      fields: {},
      message: 'This overlaps your entry on Sat 14 Nov 09:00–11:00 (Assistance with self-care)',
    });
    const overLimit = new ApiError(
      422,
      'WORKFLOW_REFUSED',
      'The hourly rate $75.00 is above the NSW price limit',
    );
    expect(entryFailure(overLimit).message).toBe('The hourly rate $75.00 is above the NSW price limit');
    // A pricing rule names its field: an inactive code on the code, a cancellation's notice apart.
    const pricing = new ApiError(422, 'PRICING_REFUSED', 'The time code is inactive', [
      { path: ['timeCodeId'], message: 'Personal care (01_011_0107_1_1) is inactive' },
      { path: ['isTravel'], message: 'Provider travel is not claimable for this item.' },
    ]);
    expect(entryFailure(pricing)).toEqual({
      fields: { timeCodeId: 'Personal care (01_011_0107_1_1) is inactive' },
      message: 'Provider travel is not claimable for this item.',
    });
    expect(entryFailure('boom').message).toBe('The entry could not be saved. Please try again.');
  });
});
