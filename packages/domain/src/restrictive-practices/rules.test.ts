import { describe, expect, it } from 'vitest';
import {
  authorisationStatus,
  coveringAuthorisation,
  csvCell,
  dayIn,
  formatMinutes,
  instantOnClock,
  isInForce,
  monthDays,
  monthLabel,
  reportCsvRows,
  reportFigures,
  shortDate,
  toReportCsv,
} from './rules';
import { CreateAuthorisationSchema, CreateUseSchema, restrictivePracticeMessages } from './schemas';

const seclusion = {
  id: 'a1',
  practiceType: 'seclusion' as const,
  authorisedOn: '2026-03-01',
  expiresOn: '2026-08-31',
};

describe('whether an authorisation is in force', () => {
  it('covers its first and last day and nothing outside them', () => {
    expect(isInForce(seclusion, '2026-02-28')).toBe(false);
    expect(isInForce(seclusion, '2026-03-01')).toBe(true);
    expect(isInForce(seclusion, '2026-08-31')).toBe(true);
    expect(isInForce(seclusion, '2026-09-01')).toBe(false);
  });

  it('covers nothing before it is authorised, and runs on while no expiry is recorded', () => {
    expect(isInForce({ authorisedOn: null, expiresOn: '2030-01-01' }, '2026-03-01')).toBe(false);
    expect(isInForce({ authorisedOn: '2026-01-01', expiresOn: null }, '2029-12-31')).toBe(true);
  });

  it('names its status on a day', () => {
    expect(authorisationStatus({ authorisedOn: null, expiresOn: null }, '2026-03-01')).toBe('pending');
    expect(authorisationStatus(seclusion, '2026-02-01')).toBe('not-started');
    expect(authorisationStatus(seclusion, '2026-05-01')).toBe('in-force');
    expect(authorisationStatus(seclusion, '2026-09-01')).toBe('expired');
  });
});

describe('the authorisation covering a use', () => {
  const chemical = {
    id: 'c1',
    practiceType: 'chemical' as const,
    authorisedOn: '2026-01-01',
    expiresOn: null,
  };
  const renewed = {
    id: 'a2',
    practiceType: 'seclusion' as const,
    authorisedOn: '2026-08-01',
    expiresOn: '2027-01-31',
  };

  it('is one of the same practice in force that day', () => {
    expect(coveringAuthorisation([seclusion, chemical], 'seclusion', '2026-04-10')?.id).toBe('a1');
    expect(coveringAuthorisation([seclusion, chemical], 'physical', '2026-04-10')).toBeNull();
    expect(coveringAuthorisation([seclusion, chemical], 'seclusion', '2026-09-10')).toBeNull();
  });

  it('prefers the one running longest when two overlap', () => {
    expect(coveringAuthorisation([seclusion, renewed], 'seclusion', '2026-08-15')?.id).toBe('a2');
    expect(coveringAuthorisation([seclusion, renewed, chemical], 'chemical', '2026-08-15')?.id).toBe('c1');
  });
});

describe('days and months in the tenant zone', () => {
  it('takes the day a use started on the tenant clock, not UTC', () => {
    // 31 March 2026 14:30 UTC is 1 April 01:30 in Sydney (AEDT, +11).
    expect(dayIn('2026-03-31T14:30:00Z', 'Australia/Sydney')).toBe('2026-04-01');
    expect(dayIn('2026-03-31T14:30:00Z', 'Australia/Perth')).toBe('2026-03-31');
  });

  it('knows the last day of each month, leap years included', () => {
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2026-02').last).toBe('2026-02-28');
    expect(monthDays('2026-12').last).toBe('2026-12-31');
    expect(monthLabel('2026-03')).toBe('March 2026');
  });

  it('turns a date and time on the tenant clock into the instant, across daylight saving', () => {
    expect(instantOnClock('2026-01-15', '09:30', 'Australia/Sydney')).toBe('2026-01-14T22:30:00.000Z');
    expect(instantOnClock('2026-07-15', '09:30', 'Australia/Sydney')).toBe('2026-07-14T23:30:00.000Z');
    expect(instantOnClock('2026-07-15', '09:30', 'Australia/Perth')).toBe('2026-07-15T01:30:00.000Z');
    expect(shortDate('2026-07-05')).toBe('05/07/2026');
    expect(shortDate(null)).toBe('');
  });
});

const uses = [
  {
    practiceType: 'seclusion' as const,
    durationMinutes: 20,
    authorised: false,
    startedAt: '2026-03-05T03:00:00Z',
    usedByName: 'Sophie Support',
    reason: 'Threw chairs, "at risk"',
    behaviour: 'Aggression',
    antecedent: 'Noise, crowding',
    authorisationReference: null,
    incidentId: '0190b7a4-0000-7000-8000-000000000001',
  },
  {
    practiceType: 'chemical' as const,
    durationMinutes: 240,
    authorised: true,
    startedAt: '2026-03-02T22:00:00Z',
    usedByName: 'Priya Practitioner',
    reason: 'PRN as prescribed',
    behaviour: null,
    antecedent: null,
    authorisationReference: 'NSW-RP-1',
    incidentId: null,
  },
  {
    practiceType: 'chemical' as const,
    durationMinutes: 60,
    authorised: true,
    startedAt: '2026-03-20T00:00:00Z',
    usedByName: null,
    reason: '=HYPERLINK("x")',
    behaviour: null,
    antecedent: null,
    authorisationReference: 'NSW-RP-1',
    incidentId: null,
  },
];

describe('the monthly report', () => {
  it('counts uses, unauthorised uses and minutes, overall and per practice in register order', () => {
    expect(reportFigures(uses)).toEqual({
      useCount: 3,
      unauthorisedCount: 1,
      totalMinutes: 320,
      byPractice: [
        { practiceType: 'chemical', useCount: 2, unauthorisedCount: 0, totalMinutes: 300 },
        { practiceType: 'seclusion', useCount: 1, unauthorisedCount: 1, totalMinutes: 20 },
      ],
    });
    expect(reportFigures([])).toEqual({ useCount: 0, unauthorisedCount: 0, totalMinutes: 0, byPractice: [] });
  });

  it('writes one CSV row per use in the order they started, on the tenant clock', () => {
    const rows = reportCsvRows({ name: 'Jordan Lee', ndisNumber: '431234567' }, uses, 'Australia/Sydney');
    expect(rows.map((r) => [r[2], r[3], r[5], r[6]])).toEqual([
      ['2026-03-03', '09:00', 'Chemical restraint', 'Yes'],
      ['2026-03-05', '14:00', 'Seclusion', 'No'],
      ['2026-03-20', '11:00', 'Chemical restraint', 'Yes'],
    ]);
    const csv = toReportCsv(rows);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Participant,NDIS number,Date,Start time,Duration (minutes),Practice,Authorised,Authorisation reference,Used by,Reason,Behaviour,Antecedent,Incident',
    );
    expect(lines[2]).toBe(
      'Jordan Lee,431234567,2026-03-05,14:00,20,Seclusion,No,,Sophie Support,"Threw chairs, ""at risk""",Aggression,"Noise, crowding",0190b7a4-0000-7000-8000-000000000001',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('never lets free text run as a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('plain')).toBe('plain');
  });

  it('says durations in hours and minutes', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
  });
});

describe('input', () => {
  it('refuses an expiry before the authorisation date', () => {
    const result = CreateAuthorisationSchema.safeParse({
      participantId: '0190b7a4-0000-7000-8000-000000000002',
      practiceType: 'seclusion',
      authorisedOn: '2026-03-01',
      expiresOn: '2026-02-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['expiresOn'],
      message: restrictivePracticeMessages.expiryBeforeAuthorised,
    });
  });

  it('asks why a practice was used and for whole minutes within a day', () => {
    const base = {
      participantId: '0190b7a4-0000-7000-8000-000000000002',
      practiceType: 'seclusion',
      startedAt: '2026-03-05T03:00:00Z',
      durationMinutes: 20,
      reason: 'Aggression towards staff',
    };
    expect(CreateUseSchema.safeParse(base).success).toBe(true);
    expect(CreateUseSchema.safeParse({ ...base, reason: '  ' }).error?.issues[0]?.message).toBe(
      'Say why the practice was used',
    );
    expect(CreateUseSchema.safeParse({ ...base, durationMinutes: 1441 }).success).toBe(false);
    expect(CreateUseSchema.safeParse({ ...base, durationMinutes: 2.5 }).success).toBe(false);
  });
});
