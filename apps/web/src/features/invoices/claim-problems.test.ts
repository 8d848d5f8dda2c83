import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { claimProblemsOf, claimProblemText } from './claim-problems';

describe('claim problems', () => {
  it('names the invoice and line of each problem the server lists', () => {
    const error = new ApiError(422, 'WORKFLOW_REFUSED', 'The claim has problems', [
      { invoiceNumber: 'INV-00042', lineNumber: 3, message: 'Support item 01_011 is not in force' },
      { invoiceId: 'abc', message: 'Not agency-managed' },
      { nothing: true },
    ]);
    const problems = claimProblemsOf(error);
    expect(problems.map(claimProblemText)).toEqual([
      'INV-00042 line 3: Support item 01_011 is not in force',
      'abc: Not agency-managed',
    ]);
  });

  it('reads problems nested under details.problems', () => {
    const error = new ApiError(422, 'WORKFLOW_REFUSED', 'x', {
      problems: [{ invoice: 'INV-1', message: 'm' }],
    });
    expect(claimProblemsOf(error)).toEqual([{ invoice: 'INV-1', line: null, message: 'm' }]);
  });

  it("falls back to the refusal's own message", () => {
    expect(claimProblemsOf(new ApiError(409, 'CONFLICT', 'Already claimed')).map(claimProblemText)).toEqual([
      'Already claimed',
    ]);
    expect(claimProblemsOf(new Error('offline'))[0]?.message).toBe('offline');
  });
});
