import { describe, expect, it } from 'vitest';
import { addDays, auditValue, buildSearchText, sameValue, searchableDate, todayIn } from './card-values';

describe('card values', () => {
  it("reads today's date in the tenant's time zone", () => {
    const instant = new Date('2026-03-31T14:30:00Z');
    expect(todayIn('Australia/Sydney', instant)).toBe('2026-04-01');
    expect(todayIn('Australia/Perth', instant)).toBe('2026-03-31');
    expect(todayIn('UTC', instant)).toBe('2026-03-31');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-20', 21)).toBe('2027-01-10');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-05-05', 0)).toBe('2026-05-05');
  });

  it('builds lower-cased search text from the visible text of a card', () => {
    const text = buildSearchText({
      workItemId: 'SUN-00042',
      title: 'Behaviour Support Plan',
      description: 'Quiet  room\nafter school',
      assigneeName: 'Priya Practitioner',
      dueDate: '2026-12-13',
      createdDate: '2026-11-22',
      fieldValues: {
        'participant-address': '<p>14 <b>Banksia</b> St &amp; Co</p>',
        'rp-type': ['Seclusion', 'Physical restraint'],
        'uses-restrictive-practice': true,
        'practitioner-signature': {
          kind: 'typed',
          typed: 'P. Practitioner',
          signerName: 'Priya Practitioner',
          signedAt: '2026-11-22T01:00:00.000Z',
        },
        empty: null,
      },
    });
    expect(text).toBe(
      'sun-00042 behaviour support plan quiet room after school priya practitioner ' +
        '2026-12-13 13/12/2026 13 dec 2026 13 december 2026 2026-11-22 22/11/2026 22 nov 2026 22 november 2026 ' +
        '14 banksia st & co p. practitioner priya practitioner seclusion physical restraint',
    );
  });

  it('writes a date the ways people search for it', () => {
    expect(searchableDate('2031-05-06')).toBe('2031-05-06 6/5/2031 06/05/2031 6 May 2031');
    expect(searchableDate('2031-09-06')).toBe('2031-09-06 6/9/2031 06/09/2031 6 Sept 2031 6 September 2031');
    expect(searchableDate('2026-12-13')).toBe('2026-12-13 13/12/2026 13 Dec 2026 13 December 2026');
    expect(searchableDate(null)).toBe('');
  });

  it('holds every date as the page writes it (en-AU), whatever the ICU version writes for September', () => {
    const shown = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
    const long = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 1; month <= 12; month++) {
      const iso = `2031-${String(month).padStart(2, '0')}-06`;
      const text = searchableDate(iso).toLowerCase();
      const date = new Date(2031, month - 1, 6);
      // Every word the page shows is found, as a search matches it.
      for (const word of [...shown.format(date).split(' '), ...long.format(date).split(' ')]) {
        expect(text, `${iso}: ${word}`).toContain(word.toLowerCase());
      }
    }
  });

  it('keeps signature images out of audit values and compares values by content', () => {
    expect(
      auditValue({
        kind: 'drawn',
        image: 'data:image/png;base64,AAAA',
        signerName: 'Priya',
        signedAt: '2026-11-22T01:00:00.000Z',
      }),
    ).toEqual({ kind: 'drawn', signerName: 'Priya', signedAt: '2026-11-22T01:00:00.000Z' });
    expect(auditValue(undefined)).toBeNull();
    expect(auditValue(['a'])).toEqual(['a']);
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
  });
});
